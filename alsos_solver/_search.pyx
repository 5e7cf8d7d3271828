# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The double-dummy search core: a boolean "can the team reach its target" search.

The position is flat C state (:class:`State` in ``_search.pxd``): hands as 64-bit masks in
the internal layout (suit * 16 + strength), the trick on the table, and the goal's
*accumulated coordinates* ``acc``: up to four integers, each a fixed linear function of the
points and tricks every seat has won so far (for example ``declarer - defender1`` in
points). The goal succeeds when, at the end of play, ``acc`` satisfies a monotone
predicate (an OR of terms, each term ``acc[d] >= threshold`` for all d) and no hard
constraint (cards a seat must capture, tricks a seat must or must not win, "win trick t
with card c") was broken; a broken hard constraint ends the line at once as a failure.

Why the transposition table stays sound for non-additive goals
--------------------------------------------------------------------
The game ("the declarer's total strictly above EACH defender's total") is not a sum over
tricks: what the declarer still needs depends on how the points taken so far are split.
The bridge and Skat solvers store bounds on the *remaining* tricks or points, which is
only sound for additive scores. Here an entry is keyed by the remaining cards and the
leader, which fix the future (who holds what, which trick is next, which cards are held
back), and it stores *accumulated coordinate vectors*: "from this position the team wins
whenever acc >= w" (componentwise) and "loses whenever acc <= l". This is sound because
every line of future play adds the same increments to any accumulated vector, and the
success predicate is upward closed: if the team wins with acc = w, the same strategy
yields a final vector at least as large from any acc >= w, so it wins there too; dually
for losses. Hard constraints cannot differ between two paths to the same entry: a path
on which one was broken has already ended. One-dimensional goals (points >= t) make
the vectors plain lower / upper bounds, and since a threshold only shifts ``acc``, the
entries stay valid across the thresholds of one question (the driver's binary search).
Entries of another goal or deal are invalidated by a generation counter.

The key is the remaining cards of the position's *class* (:func:`build_classes`), not the
cards themselves. Two boundaries with the same leader whose remaining cards show, suit by
suit from the top, the same holders, the same points (when the goal counts points) and
the same cards the goal or the deal names (held cards, cards to capture or to win a trick
with) have one future: the seat dealt the 8 and the 7 of a suit, with the other seats'
cards between them gone, plays the same game with either left. So they share one entry,
and the argument above holds for it as it stands.

A coordinate may count only the tricks from ``from_trick`` on, and count a trick won
without a trump in it more than one with a trump (``coef_plain``: Asszorti's arrivázs and
its idegen form). The increments then depend on the trick number and the cards of the
trick too, but both are fixed by the future line of play from an entry (the trick number
by the remaining cards): every line still adds the same increments to any accumulated
vector, so the argument holds as it stands.

A coordinate may also count cards one by one (``count_cards``): so much per such card in
the tricks a seat wins, in every trick or in one (``count_trick``). This is how a hard
constraint becomes a coordinate that a term may ask for or against: "B takes all four
aces" is "B's aces >= 4", its failure "-(B's aces) >= -3"; "B wins the last trick with the
trump 7" is "B's trump 7 in the last trick >= 1". The net score of several items, some
of them such figures, is then an OR of terms over coordinates (the Alsós ``score``). The
increments are again fixed by the future line of play, so the argument holds.

The defenders' meld choice, and why it is exact
-----------------------------------------------
After the first trick each defender may concede a meld contest he would win, so that his
partner's lower meld scores (seed 003 'Validation of Meld'). Which melds score is then a
move of the defenders, made with every card seen when the second trick is about to be
led. The goal's coordinates count the melds they depend on (``shift``: each choice's
starting coordinates), and :func:`choose` is that move: a node at the boundary of trick
``choice_trick`` whose children are the same position with ``acc`` moved by each choice's
shift, an AND over the choices when the defenders play against the team, an OR when they
are the team. That is the rule itself, not a bound: the choice comes after the first
trick and before the second, as in play. A minimum taken before play instead would let
the defenders choose without seeing the first trick: sound for "lost", not for "won".

The choice node is not stored in the table, and its children share every entry below
it: a choice only moves ``acc``, and entries hold ``acc`` vectors, which is what makes
the positions after the first trick common to all choices. Entries above the choice
(the first trick) are sound as well: a position there is always before the choice (its
remaining cards fix its trick), and the whole game with the choice inside is still
upward closed in ``acc``. Only :func:`quick_answer` must widen its bounds by the least
and largest shift while the choice is ahead. The choices are reduced beforehand to the
ones the chooser may want (no shift dominated by another), so a question the choice
cannot change has one, applied at the start.

The solo record: what one goal lends the later ones
-----------------------------------------------------
A goal counting one seat's own points while it plays alone (the declarer's points: the
team is that seat X, coefficient 1 on its points, 0 elsewhere; its caller says so, the
``own_points`` of :meth:`Core.set_goal`) is searched first in a whole analysis, by the
value search. The bounds that search stores, L <= v <= U on X's future points v from a
position, stay in the table as the *solo record*: the entries of its generation, which
outlive the goal. Their meaning is about strategies, not about the
goal: X has a strategy that takes at least L from there whatever the others do, and the
others together have one that holds X to at most U whatever X does. So later goals of the same deal (the same
set-up: hands, rules, held cards) read it in the buckets they probe anyway, with a table
generation of their own, and leave its entries in place while they can:

* the future points of all seats sum to R (the points left, the last trick's included)
  and none is negative, so while X plays his strategy, a coordinate with coefficient
  c_X on X's points and m to M on the others' gains between min(c_X L + m (R - L), c_X R)
  and max(c_X L + M (R - L), c_X R) (a linear function of X's share, which lies in
  [L, R]); while the others play theirs, X's share lies in [0, U] instead;
* X's strategy belongs to X's side: it bounds the goal from below when X plays for the
  team, from above when he does not. The others' strategy fixes every other seat, so it
  serves only when all of them are on the side X is not on;
* the yes/no search tests the bounds of all coordinates together, from one strategy at a
  time, as the success predicate needs (as with the leader's cashing).

The record is keyed by the classes of its goal. A later goal that counts points keeps
apart all that the record's goal does (points, held cards) and perhaps more, so the
position its key names is in the same class of the record's goal: the entry it finds is
the record of a position with the same future for X. A goal that does not count points
does not read the record.

A defender's points figure is then bounded by R - L (what the declarer surely takes is
not his), and the game by both ends. Only coordinates that count points from the first
trick read it.
"""

from libc.stdint cimport int16_t, uint8_t, uint16_t, uint32_t, uint64_t, uintptr_t
from libc.stdlib cimport free
from libc.string cimport memcpy, memset

from .errors import GoalTooLarge

LIMITS = {"coordinates": MAX_DIMS, "terms": MAX_TERMS}
"""What a goal may use at most (``Goal`` in the .pxd), for the questions that check their
size before they are asked."""

cdef extern from *:
    int __builtin_clzll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil
    void __builtin_prefetch(const void*) nogil

cdef extern from "stdlib.h":
    int posix_memalign(void** memptr, size_t alignment, size_t size) nogil

cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    static void advise_huge_pages(void* memory, size_t size) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(memory, size, MADV_HUGEPAGE);
    #endif
    }
    """
    void advise_huge_pages(void* memory, size_t size) nogil

cdef extern from "Python.h":
    int PyErr_CheckSignals()
    void PyErr_Clear()

cdef size_t HUGE_PAGE = 2 << 20  # the table's alignment: huge pages spare the TLB its misses
cdef int BIG = 30000  # beyond any score; fits the table's int16 bounds

cdef uint64_t SIGNAL_CHECK_INTERVAL = 1 << 20

cdef uint64_t ONE = 1
cdef uint64_t LEADER_SHIFT = 62
cdef uint64_t CARD_BITS = (ONE << 62) - 1
cdef uint64_t SUIT_OF_NINE = 0x01FF01FF01FF01FF  # the cards a suit of at most 9 can hold


# ---- Cards and the rules of play ----


cdef inline uint64_t lane(int suit) noexcept nogil:
    return (<uint64_t>0xFFFF) << (16 * suit)


cdef inline int high_bit(uint64_t x) noexcept nogil:
    return 63 - __builtin_clzll(x)


cdef inline uint64_t all_hands(const State* s) noexcept nogil:
    """The cards still in the hands (the hands of inactive seats are empty)."""
    return s.hand[0] | s.hand[1] | s.hand[2]


cdef inline uint64_t legal_moves(const State* s, int seat) noexcept nogil:
    """Follow suit; void: trump if able; with must_beat, beat the led suit's top if able;
    then keep back the held cards unless nothing else is legal, and play a forced card
    when it is legal."""
    cdef uint64_t hand = s.hand[seat]
    cdef uint64_t legal = hand, follow, beat, held
    cdef int led
    if s.trick_len:
        led = s.cards[s.trick_no][0] >> 4
        follow = hand & lane(led)
        if follow:
            legal = follow
            if s.must_beat:
                beat = follow & ~((ONE << (high_bit(s.trick_mask & lane(led)) + 1)) - 1)
                if beat:
                    legal = beat
        elif s.trump >= 0 and hand & lane(s.trump):
            legal = hand & lane(s.trump)
    held = s.held[s.trick_no]
    if legal & ~held:
        legal &= ~held
    if legal & s.forced[s.trick_no]:
        legal &= s.forced[s.trick_no]
    return legal


cdef inline int seat_after(const State* s, int k) noexcept nogil:
    """The seat k places after the leader (k < nseats), without a division."""
    cdef int seat = s.leader + k
    return seat - s.nseats if seat >= s.nseats else seat


cdef inline int beats(const State* s, int card, int best) noexcept nogil:
    """``card`` wins over ``best``, the card winning the trick so far."""
    return ((card >> 4) == (best >> 4) and card > best) or ((card >> 4) == s.trump and (best >> 4) != s.trump)


cdef inline int best_index(const State* s, int count) noexcept nogil:
    """Index of the card winning the first ``count`` cards of the current trick."""
    cdef const int* row = s.cards[s.trick_no]
    cdef int best = row[0], index = 0, i
    for i in range(1, count):
        if beats(s, row[i], best):
            best = row[i]
            index = i
    return index


# ---- The goal: its success predicate and hard constraints ----


cdef inline int satisfied(const Goal* o, const int* acc) noexcept nogil:
    """The success predicate on accumulated coordinates: OR over terms of AND over dims."""
    cdef int t, d, ok
    for t in range(o.nterms):
        ok = 1
        for d in range(o.ndim):
            if acc[d] < o.threshold[t][d]:
                ok = 0
                break
        if ok:
            return 1
    return 0


cdef inline int constraints_hold(const State* s, int winner, int t, uint64_t mask) noexcept nogil:
    cdef const Goal* o = &s.obj
    cdef int seat, k
    cdef uint64_t card
    for seat in range(s.nseats):
        if seat != winner and (o.capture[seat] & mask or o.win_all[seat]):
            return 0
    if o.win_none[winner]:
        return 0
    for k in range(o.nspecial):
        card = ONE << o.special_card[k]
        if t == o.special_trick[k]:
            if not (mask & card) or winner != o.special_seat[k]:
                return 0
        elif mask & card:
            return 0
    return 1


# ---- Table keys: the classes of positions, the buckets ----


cdef inline Bucket* bucket_of(const State* s, uint64_t key) noexcept nogil:
    """The bucket of a key: the top 32 bits of a multiplicative hash, scaled to the
    number of buckets."""
    return s.table + ((((key * <uint64_t>0x9E3779B97F4A7C15) >> 32) * s.buckets) >> 32)


cdef inline uint64_t position_key(const State* s, uint64_t cards, int leader) noexcept nogil:
    """The table key of a trick boundary with ``cards`` left and ``leader`` to lead:
    the cards of the position's class (:func:`build_classes`), and the leader."""
    return (<uint64_t>s.canon[0][cards & 0x1FF] | <uint64_t>s.canon[1][(cards >> 16) & 0x1FF] << 16
            | <uint64_t>s.canon[2][(cards >> 32) & 0x1FF] << 32 | <uint64_t>s.canon[3][(cards >> 48) & 0x1FF] << 48
            | <uint64_t>leader << LEADER_SHIFT)


cdef void build_classes(State* s, const uint64_t* hands, uint64_t distinct, int uses_points, int whole) noexcept nogil:
    """For each suit and each set of its cards that can remain, the cards of the class
    the table keys it by (:func:`position_key`): each remaining card, from the highest
    down, moved up to the highest card of the deal below the one the card above it took
    (itself at the lowest) that was dealt to the same seat, is worth as much (when points
    count) and is not ``distinct`` (a distinct card stays where it is).

    Two trick boundaries with the same leader whose remaining cards show, suit by suit
    from the top, the same holders, the same points and the same distinct cards have the
    same future: relabelling the cards keeps who holds what, every trick's winner (the
    order within a suit) and every score. The greedy move depends only on that sequence,
    so it maps them to one set, and that set is one of them. Every suit is built when
    ``whole`` (a new deal) or ``uses_points`` changed, else only those whose distinct
    cards did."""
    cdef int suit, low, card, x, k, limit, seat, again = whole or s.canon_points != uses_points
    cdef uint64_t dealt, pattern, rest
    cdef int owner[16]
    for suit in range(4):
        if not again and not ((distinct ^ s.canon_distinct) & lane(suit)):
            continue
        dealt = 0
        for x in range(16):
            owner[x] = -1
            for seat in range(s.nseats):
                if hands[seat] >> (suit * 16 + x) & 1:
                    owner[x] = seat
                    dealt |= ONE << x
        s.canon[suit][0] = 0
        pattern = (0 - dealt) & dealt
        while pattern:  # every nonempty set of the suit's dealt cards, in increasing order:
            rest = pattern & (pattern - 1)  # the greedy on all but the lowest card came first
            low = __builtin_ctzll(pattern)
            limit = __builtin_ctzll(s.canon[suit][rest]) if rest else 16
            card = suit * 16 + low
            x = low
            if not (distinct >> card & 1):
                for k in range(limit - 1, low, -1):
                    if (owner[k] == owner[low] and not (distinct >> (suit * 16 + k) & 1)
                            and (not uses_points or s.points[suit * 16 + k] == s.points[card])):
                        x = k
                        break
            s.canon[suit][pattern] = <uint16_t>(s.canon[suit][rest] | (ONE << x))
            pattern = (pattern - dealt) & dealt
    s.canon_distinct = distinct
    s.canon_points = uses_points


cdef inline void prefetch_children(const State* s) noexcept nogil:
    """At the last card of a trick, start loading the key lines of the buckets of the
    positions every legal card leads to: the children probe them, and loads started
    only when a child is entered would stall it."""
    cdef int i, best, best_seat, seat, card, winner
    cdef uint64_t rest, legal
    if s.trick_len != s.nseats - 1 or s.trick_no >= s.ntricks - 2:
        return  # not the last card of a trick, or the children are not probed
    rest = all_hands(s)
    i = best_index(s, s.trick_len)
    best = s.cards[s.trick_no][i]
    best_seat = seat_after(s, i)
    seat = seat_after(s, s.trick_len)
    legal = legal_moves(s, seat)
    while legal:
        card = high_bit(legal)
        legal &= ~(ONE << card)
        winner = seat if beats(s, card, best) else best_seat
        __builtin_prefetch(bucket_of(s, position_key(s, rest & ~(ONE << card), winner)))


# ---- Making and unmaking moves ----


cdef void credit_late(State* s, int winner, int t, int points, uint64_t mask) noexcept nogil:
    """Credit a trick to coordinates that count late tricks only (``from_trick``), with
    ``coef_plain`` more when no trump is in the trick (Asszorti's arrivázs), or count
    cards one by one (``count_cards``, in trick ``count_trick`` only when it is set)."""
    cdef const Goal* o = &s.obj
    cdef int d, plain = s.trump < 0 or (mask & lane(s.trump)) == 0
    cdef uint64_t counted
    for d in range(o.ndim):
        if t >= o.from_trick[d]:
            s.acc[d] += o.coef_points[d][winner] * points + o.coef_tricks[d][winner]
            if plain:
                s.acc[d] += o.coef_plain[d][winner]
        counted = mask & o.count_cards[d]
        if counted and (o.count_trick[d] < 0 or o.count_trick[d] == t):
            s.acc[d] += o.coef_count[d][winner] * __builtin_popcountll(counted)


cdef inline int complete_trick(State* s) noexcept nogil:
    """Credit the full trick on the table to its winner; 0 if a hard constraint broke."""
    cdef const Goal* o = &s.obj
    cdef int t = s.trick_no, i, d, points = 0
    cdef int winner = seat_after(s, best_index(s, s.nseats))
    cdef uint64_t mask = s.trick_mask
    for i in range(s.nseats):
        points += s.points[s.cards[t][i]]
    if t == s.ntricks - 1:
        points += s.last_bonus
    memcpy(s.acc_before[t], s.acc, sizeof(int) * MAX_DIMS)
    if o.late:
        credit_late(s, winner, t, points, mask)
    else:
        for d in range(o.ndim):
            s.acc[d] += o.coef_points[d][winner] * points + o.coef_tricks[d][winner]
    s.leaders[t] = s.leader
    s.trick_masks[t] = mask
    s.leader = winner
    s.trick_no = t + 1
    s.trick_len = 0
    s.trick_mask = 0
    if o.hard:
        return constraints_hold(s, winner, t, mask)
    return 1


cdef inline int play(State* s, int card) noexcept nogil:
    """Make a move for the seat to play; returns 0 if it broke a hard constraint."""
    cdef int seat = seat_after(s, s.trick_len)
    cdef uint64_t bit = ONE << card
    s.hand[seat] &= ~bit
    s.hand_points -= s.points[card]
    s.cards[s.trick_no][s.trick_len] = card
    s.trick_len += 1
    s.trick_mask |= bit
    if s.trick_len < s.nseats:
        return 1
    return complete_trick(s)


cdef inline void unplay(State* s) noexcept nogil:
    """Unmake the last move."""
    cdef int t, card, seat
    if s.trick_len == 0:
        t = s.trick_no - 1
        s.trick_no = t
        s.leader = s.leaders[t]
        memcpy(s.acc, s.acc_before[t], sizeof(int) * MAX_DIMS)
        s.trick_len = s.nseats
        s.trick_mask = s.trick_masks[t]
    s.trick_len -= 1
    card = s.cards[s.trick_no][s.trick_len]
    seat = seat_after(s, s.trick_len)
    s.hand[seat] |= ONE << card
    s.hand_points += s.points[card]
    s.trick_mask &= ~(ONE << card)


cdef inline int play_last_trick(State* s) noexcept nogil:
    """At the last trick every hand holds one card: play them out (0 if a hard
    constraint broke). Undo with ``nseats`` calls of :func:`unplay`."""
    cdef int k, alive = 1
    for k in range(s.nseats):
        alive = play(s, high_bit(s.hand[seat_after(s, k)])) and alive
    return alive


# ---- Static bounds on the future gain ----


cdef inline int holder(const State* s, int card) noexcept nogil:
    cdef int seat
    for seat in range(s.nseats):
        if s.hand[seat] >> card & 1:
            return seat
    return -1


cdef inline void sure_trump_tricks(const State* s, int* sure) noexcept nogil:
    """At a trick boundary: per seat, tricks of those left that his trumps surely win. A
    trump wins its trick unless a higher trump is played to it, and each card of another
    seat is played to one trick only, so it beats at most one of his. From the highest
    trump down, a trump of his is sure when every higher trump of the others is already
    spent beating one of his higher ones (a greedy matching, which is a largest one)."""
    cdef uint64_t trumps
    cdef int card, seat, k
    cdef int unspent[MAX_SEATS]
    for k in range(s.nseats):
        sure[k] = 0
        unspent[k] = 0
    if s.trump < 0:
        return
    trumps = all_hands(s) & lane(s.trump)
    while trumps:
        card = high_bit(trumps)
        trumps &= ~(ONE << card)
        seat = holder(s, card)
        if unspent[seat]:
            unspent[seat] -= 1
        else:
            sure[seat] += 1
        for k in range(s.nseats):
            if k != seat:
                unspent[k] += 1


cdef inline void trick_bounds(const State* s, int d, int* sure, int* known, int* lo, int* hi) noexcept nogil:
    """Narrow coordinate d's bounds on the future gain, ``lo`` and ``hi`` (each trick left
    counted at the least and the largest gain of any seat), by the tricks each seat's
    trumps surely win (:func:`sure_trump_tricks`; different tricks for different seats),
    each worth exactly his coefficient (it has a trump in it) when the coordinate counts
    every trick left. ``sure`` is filled on first need (``known``): a coordinate whose
    tricks are worth the same to every seat, as in the point games, needs nothing."""
    cdef int seat, gain
    if s.trick_no < s.obj.from_trick[d] or s.inc_min[d][1] == s.inc_max[d][1]:
        return
    if not known[0]:
        sure_trump_tricks(s, sure)
        known[0] = 1
    for seat in range(s.nseats):
        gain = s.obj.coef_tricks[d][seat]
        lo[0] += (gain - s.inc_min[d][1]) * sure[seat]
        hi[0] -= (s.inc_max[d][1] - gain) * sure[seat]


cdef inline uint64_t cheapest(const State* s, uint64_t cards, int count, int* points) noexcept nogil:
    """The ``count`` cards of ``cards`` worth the least (all when fewer): adds their
    points to ``points`` and returns them."""
    cdef uint64_t chosen = 0, rest
    cdef int card, best, low
    while count > 0 and cards:
        rest = cards
        best = -1
        low = 1 << 30
        while rest:
            card = high_bit(rest)
            rest &= ~(ONE << card)
            if s.points[card] <= low:
                low = s.points[card]
                best = card
        chosen |= ONE << best
        cards &= ~(ONE << best)
        points[0] += low
        count -= 1
    return chosen


cdef inline int cashed_points(const State* s, int* tricks) noexcept nogil:
    """Without trumps, at a trick boundary: the points the leader takes if he leads out
    his masters (his cards above every other seat's card of their suit), and in
    ``tricks`` how many tricks that is: each master wins its trick, and stays a master
    while the others' cards go. When his whole hand is masters, the last trick too.
    Zero when a card of his is held back or forced (he may not lead as he likes).

    The others' cards in those tricks count too, at the least they can be: in the
    ``tricks`` tricks each other seat plays ``tricks`` cards, and of every suit led
    (m masters) at least min(m, his cards of the suit), since he follows suit while he
    can; the cheapest such set is the cheapest min(m, length) of every suit, and then
    the cheapest of the rest."""
    cdef int suit, count, card, seat, forced, points = 0
    cdef int led[4]
    cdef uint64_t mine, others, masters, hand, chosen
    tricks[0] = 0
    if s.hand[s.leader] & s.kept:
        return 0
    for suit in range(4):
        led[suit] = 0
        mine = s.hand[s.leader] & lane(suit)
        if not mine:
            continue
        others = all_hands(s) & lane(suit) & ~mine
        masters = mine & ~((ONE << (high_bit(others) + 1)) - 1) if others else mine
        count = __builtin_popcountll(masters)
        if not count:
            continue
        led[suit] = count
        tricks[0] += count
        while masters:
            card = high_bit(masters)
            points += s.points[card]
            masters &= ~(ONE << card)
    if tricks[0] == 0:
        return 0
    if tricks[0] == s.ntricks - s.trick_no:
        return s.hand_points + s.last_bonus
    for seat in range(s.nseats):
        if seat == s.leader:
            continue
        hand = s.hand[seat]
        forced = 0
        chosen = 0
        for suit in range(4):
            if led[suit]:
                count = __builtin_popcountll(hand & lane(suit))
                if count > led[suit]:
                    count = led[suit]
                chosen |= cheapest(s, hand & lane(suit), count, &points)
                forced += count
        cheapest(s, hand & ~chosen, tricks[0] - forced, &points)
    return points


cdef inline void cash_bounds(const State* s, int d, int points, int tricks, int* lo, int* hi) noexcept nogil:
    """Narrow coordinate d's bounds on the future gain by the leader's cashing
    (:func:`cashed_points`, ``points`` in ``tricks``): a strategy open to him, so it
    raises the least gain when he plays for the team, and lowers the largest when he
    plays against it. One strategy serves every coordinate at once, so the narrowed
    bounds hold together, as the success predicate needs."""
    cdef const Goal* o = &s.obj
    cdef int seat = s.leader
    if o.team[seat]:
        lo[0] += (o.coef_points[d][seat] - s.inc_min[d][0]) * points + (o.coef_tricks[d][seat] - s.inc_min[d][1]) * tricks
    else:
        hi[0] -= (s.inc_max[d][0] - o.coef_points[d][seat]) * points + (s.inc_max[d][1] - o.coef_tricks[d][seat]) * tricks


cdef inline int figure_dead(const State* s) noexcept nogil:
    """1 when the seat ``figure_seat`` (F, a defender whose own points alone count, his
    partner P helping him against the declarer D) can never win another trick from this
    trick boundary: his future gain is then 0. No trumps, no duty to beat, no card kept
    back.

    Per suit F holds: S = D's cards above F's highest of the suit ("stoppers"), n = D's
    others; hi / lo = P's cards above / below F's highest. The test: in every such suit
    (A) if lo > 0: n == 0 and S >= min(|F|, lo + hi); (B) if n > 0: lo == 0 and hi >= n,
    one more when F leads; (C) when F leads and n == 0: S > 0, or lo == 0 and hi > 0.
    The proof (docs/core-bounds.md) fixes one strategy of D under which the test holds
    again after every trick while F tops none, so F's points stay 0 against it, hence
    against D's best."""
    cdef int f = s.figure_seat, p = s.figure_partner, d = s.figure_opponent, suit, stop, n, hi, lo, b, length
    cdef int leads = s.leader == f
    cdef uint64_t fs, ds, ps, above
    for suit in range(4):
        fs = s.hand[f] & lane(suit)
        if not fs:
            continue
        above = lane(suit) & ~((ONE << (high_bit(fs) + 1)) - 1)
        ds = s.hand[d] & lane(suit)
        ps = s.hand[p] & lane(suit)
        stop = __builtin_popcountll(ds & above)
        n = __builtin_popcountll(ds) - stop
        hi = __builtin_popcountll(ps & above)
        lo = __builtin_popcountll(ps) - hi
        if n:
            if lo or hi < n + leads:
                return 0
        elif leads and not stop and (lo or not hi):
            return 0
        if lo:
            b = lo + hi
            length = __builtin_popcountll(fs)
            if stop < (length if length < b else b):
                return 0
    return 1


cdef inline int quick_answer(const State* s) noexcept nogil:
    """At a trick boundary: 1 if the team can make sure to succeed, 0 if the other side
    can make sure it fails, -1 if unknown. Bounds: each remaining point, trick and counted
    card adds at least the smallest and at most the largest coefficient of any seat (a card
    counted in one trick only, nothing too), and a meld choice
    still ahead at least its least and at most its largest shift; the tricks that top
    trumps win narrow them (:func:`trick_bounds`), and then, without trumps, the masters
    the leader may lead out (:func:`cash_bounds`)."""
    cdef const Goal* o = &s.obj
    cdef int lo[MAX_DIMS]
    cdef int hi[MAX_DIMS]
    cdef int d, counted, points = s.hand_points + s.last_bonus, tricks = s.ntricks - s.trick_no
    cdef int ahead = o.nchoices > 1 and s.trick_no < o.choice_trick
    cdef int sure[MAX_SEATS]
    cdef int known = 0
    cdef int cashed, cash_tricks = 0
    for d in range(o.ndim):
        lo[d] = s.acc[d] + s.inc_min[d][0] * points + s.inc_min[d][1] * tricks
        hi[d] = s.acc[d] + s.inc_max[d][0] * points + s.inc_max[d][1] * tricks
        if o.count_cards[d] and (o.count_trick[d] < 0 or s.trick_no <= o.count_trick[d]):
            counted = __builtin_popcountll(all_hands(s) & o.count_cards[d])
            lo[d] += s.inc_min[d][2] * counted
            hi[d] += s.inc_max[d][2] * counted
        trick_bounds(s, d, sure, &known, &lo[d], &hi[d])
        if ahead:
            lo[d] += o.shift_min[d]
            hi[d] += o.shift_max[d]
    if not satisfied(o, hi):
        return 0
    if not o.hard and satisfied(o, lo):
        return 1
    if s.trump >= 0 or o.late:
        return -1
    cashed = cashed_points(s, &cash_tricks)
    if not cash_tricks:
        return -1
    for d in range(o.ndim):
        cash_bounds(s, d, cashed, cash_tricks, &lo[d], &hi[d])
    if o.team[s.leader]:
        return 1 if not o.hard and satisfied(o, lo) else -1
    return 0 if not satisfied(o, hi) else -1


# ---- The transposition table ----


cdef inline Slot* find(const State* s, uint64_t key, uint32_t generation) noexcept nogil:
    """The entry of ``key`` written in ``generation``, or NULL."""
    cdef Slot* slot = bucket_of(s, key).slot
    cdef int i
    for i in range(4):
        if slot[i].key == key and slot[i].generation == <uint16_t>generation:
            return &slot[i]
    return NULL


cdef inline Slot* probe(const State* s, uint64_t key) noexcept nogil:
    """The entry of ``key`` in the loaded goal's generation, or NULL."""
    return find(s, key, s.generation)


cdef inline Vectors* vectors_of(Slot* e) noexcept nogil:
    """The boolean search's vectors of an entry: its bucket starts at the 64-byte line
    that holds its slot."""
    cdef Bucket* bucket = <Bucket*>(<uintptr_t>e & ~(<uintptr_t>63))
    return &bucket.vectors[e - bucket.slot]


cdef inline int table_answer(Slot* e, const int* acc, int ndim) noexcept nogil:
    cdef const Vectors* v = vectors_of(e)
    cdef int i, d, ok
    for i in range(e.counts & 3):
        ok = 1
        for d in range(ndim):
            if acc[d] < v.win[i][d]:
                ok = 0
                break
        if ok:
            return 1
    for i in range((e.counts >> 2) & 3):
        ok = 1
        for d in range(ndim):
            if acc[d] > v.loss[i][d]:
                ok = 0
                break
        if ok:
            return 0
    return -1


cdef Slot* claim(State* s, uint64_t key, int best) noexcept nogil:
    """The entry for ``key``, taking over a slot of its bucket if it has none: a slot of
    an old generation (but the solo record's while the goal reads it), else the one with
    the fewest cards (the cheapest to redo)."""
    cdef Slot* e = probe(s, key)
    cdef Slot* slot
    cdef uint16_t generation = <uint16_t>s.generation
    cdef uint16_t record = <uint16_t>s.solo.generation if s.solo.use else generation
    cdef int i, cards, fewest = 64
    if e == NULL:
        slot = bucket_of(s, key).slot
        for i in range(4):
            if slot[i].generation != generation and slot[i].generation != record:
                e = &slot[i]
                break
            cards = __builtin_popcountll(slot[i].key & CARD_BITS)
            if cards < fewest:
                fewest = cards
                e = &slot[i]
        e.key = key
        e.generation = generation
        e.counts = 0
        e.lower = -BIG
        e.upper = BIG
        e.best = NO_MOVE
    if best != NO_MOVE:
        e.best = <uint8_t>best
    return e


cdef void store(State* s, uint64_t key, int result, int best) noexcept nogil:
    """Remember that the team wins (or loses) here with the current ``acc``: a vector
    in a free place, else over the older of the two (round robin)."""
    cdef Slot* e = claim(s, key, best)
    cdef Vectors* v = vectors_of(e)
    cdef int16_t* vectors = &v.win[0][0] if result else &v.loss[0][0]
    cdef int shift = 0 if result else 2, turn = 16 if result else 32  # see Slot.counts
    cdef int d, slot = (e.counts >> shift) & 3
    if slot < SLOTS:
        e.counts += 1 << shift
    else:
        slot = 1 if e.counts & turn else 0
        e.counts ^= turn
    for d in range(s.obj.ndim):
        vectors[slot * MAX_DIMS + d] = <int16_t>s.acc[d]


cdef inline void store_bounds(State* s, uint64_t key, int lower, int upper, int best) noexcept nogil:
    """Value search entries: a lower and an upper bound on the future gain, -BIG / BIG
    when unknown. They live in their own table generation, never mixed with the boolean
    search's vectors."""
    cdef Slot* e = claim(s, key, best)
    if lower > e.lower:
        e.lower = <int16_t>lower
    if upper < e.upper:
        e.upper = <int16_t>upper


# ---- Move ordering ----


cdef inline int ruffable(const State* s, int seat, int suit) noexcept nogil:
    """Some seat of the other side has no card of ``suit`` but holds a trump."""
    cdef int k
    if s.trump < 0 or suit == s.trump:
        return 0
    for k in range(s.nseats):
        if s.obj.team[k] != s.obj.team[seat] and not (s.hand[k] & lane(suit)) and (s.hand[k] & lane(s.trump)):
            return 1
    return 0


cdef inline uint64_t above(int card) noexcept nogil:
    """The cards of ``card``'s suit above it."""
    return lane(card >> 4) & ~((ONE << (card + 1)) - 1)


cdef inline uint64_t beyond_reach(const State* s, int seat, int led) noexcept nogil:
    """The cards of suit ``led`` (or, led to that suit, of any suit) that ``seat``, still to
    play to a trick of that suit, cannot beat as the rules of following let him play (the
    duty to beat and held cards aside): he must follow below them, or has no trump to
    ruff with or only lower trumps."""
    cdef uint64_t hand = s.hand[seat], follow = hand & lane(led), trumps
    if follow:
        return ~lane(led) | above(high_bit(follow))
    if s.trump < 0:
        return ~(<uint64_t>0)
    trumps = hand & lane(s.trump)
    if not trumps:
        return ~(<uint64_t>0)
    return above(high_bit(trumps))


cdef inline uint64_t safe_from_scorer(const State* s, int best, int best_seat) noexcept nogil:
    """The cards after which the trick on the table cannot go to the goal's scorer: it is
    not winning it and cannot win it with a card still to come (for a seat against it)."""
    cdef const Goal* o = &s.obj
    cdef int place, suit
    cdef uint64_t beaters, reach, safe = 0
    if s.trick_len == 0:
        for suit in range(4):
            safe |= lane(suit) & beyond_reach(s, o.scorer, suit)
        return safe
    place = o.scorer - s.leader
    if place < 0:
        place += s.nseats
    beaters = above(best)
    if s.trump >= 0 and (best >> 4) != s.trump:
        beaters |= lane(s.trump)
    if place < s.trick_len:  # the scorer has played
        return beaters if best_seat == o.scorer else ~(<uint64_t>0)
    reach = beyond_reach(s, o.scorer, s.cards[s.trick_no][0] >> 4)
    return (beaters & reach) | (~beaters if (ONE << best) & reach else 0)


cdef inline uint64_t sure_leads(const State* s, int seat) noexcept nogil:
    """The cards that win their trick when ``seat`` leads them: above every other seat's
    card of their suit, in a suit that no seat of the other side can ruff."""
    cdef uint64_t hand = s.hand[seat], rest = all_hands(s) & ~hand, sure = 0, masters, theirs
    cdef int suit
    for suit in range(4):
        theirs = rest & lane(suit)
        masters = hand & (above(high_bit(theirs)) if theirs else lane(suit))
        if masters and not ruffable(s, seat, suit):
            sure |= masters
    return sure


cdef inline uint64_t side_singletons(const State* s, int seat) noexcept nogil:
    """The cards that are alone in their suit in ``seat``'s hand, a suit other than trumps,
    when he holds a trump (none without one)."""
    cdef uint64_t hand = s.hand[seat], single = 0, mine
    cdef int suit
    if s.trump < 0 or not (hand & lane(s.trump)):
        return 0
    for suit in range(4):
        mine = hand & lane(suit)
        if suit != s.trump and mine and not (mine & (mine - 1)):
            single |= mine
    return single


cdef int move_score(const State* s, int seat, int card, int best, int best_seat, int safe, int sure,
                    int single) noexcept nogil:
    """Ordering heuristic: higher is tried first. The card is ``safe`` from the scorer
    (:func:`safe_from_scorer`), ``sure`` to win the trick it leads (:func:`sure_leads`), a
    ``single`` card of a side suit (:func:`side_singletons`); each is worked out only where
    it is read.

    Where the goal has a scorer (one seat whose points count up: the declarer's points
    and game, a defender's points figure), a seat against it plays first the cards
    ``safe`` from the scorer (after which the trick can no longer go to him), the most
    points first, as they are then lost to him; then the others, the fewest points first.

    Otherwise a seat *wants* its own tricks when winning them helps its side (the declarer
    and the defenders in a point game). Such a seat leads first a singleton of a side suit
    when it holds a trump (void there, it can ruff the suit later), then its sure
    winners, then its other cards, the fewest points first. Where it does not (klopitzky,
    where nobody wants tricks; the partner of a defender's figure), it tries high cards
    that lose first, leaves sure winners for last, and follows with the highest card when
    the trick goes against its side anyway."""
    cdef const Goal* o = &s.obj
    cdef int points = s.points[card], strength = card & 15
    cdef int wants = o.good[seat] == o.team[seat], beats_best, ours, last
    if o.scorer >= 0 and not o.team[seat]:
        return 100 + 4 * points + strength if safe else -4 * points - strength
    if s.trick_len == 0:
        if not wants:
            return -60 - strength if sure else strength
        if single:
            return 100 - points
        if sure:
            return 60 + points
        if o.good[seat]:
            return -points - strength
        return -points + strength
    beats_best = beats(s, card, best)
    ours = o.good[best_seat] == o.team[seat]
    last = s.trick_len == s.nseats - 1
    if not ours and not wants:
        return 40 + strength if beats_best else strength
    if beats_best:
        if ours:
            return -20 - points
        if last:
            return 80 + points - strength
        return 50 + strength
    if ours:
        return 20 + points
    return -4 * points - strength


cdef int ordered_moves(const State* s, int seat, int* moves, int first) noexcept nogil:
    """The legal moves, one of each group of equivalent cards, best first.

    Two cards of one suit in one hand are equivalent when no other seat's card (in the
    hands or on the table) lies between them, neither is ``distinct`` for the goal,
    and (when points matter) they are worth the same: exchanging them changes no trick's
    winner and no score."""
    cdef const Goal* o = &s.obj
    cdef uint64_t legal = legal_moves(s, seat)
    cdef uint64_t others = (all_hands(s) | s.trick_mask) & ~s.hand[seat]
    cdef uint64_t suit_cards, between, safe = 0, sure = 0, single = 0
    cdef int scores[MAX_TRICKS]
    cdef int n = 0, suit, card, prev, i, j, key_score, key_move
    cdef int best = -1, best_seat = 0
    if s.trick_len:
        i = best_index(s, s.trick_len)
        best = s.cards[s.trick_no][i]
        best_seat = seat_after(s, i)
    if o.scorer >= 0 and not o.team[seat]:
        safe = safe_from_scorer(s, best, best_seat)
    elif s.trick_len == 0:
        sure = sure_leads(s, seat)
        if o.good[seat] == o.team[seat]:
            single = side_singletons(s, seat)
    for suit in range(4):
        suit_cards = legal & lane(suit)
        prev = -1
        while suit_cards:
            card = high_bit(suit_cards)
            suit_cards &= ~(ONE << card)
            if prev >= 0 and not (((ONE << card) | (ONE << prev)) & o.distinct):
                between = ((ONE << prev) - 1) & ~((ONE << (card + 1)) - 1)
                if not (others & between) and (not o.uses_points or s.points[card] == s.points[prev]):
                    continue
            prev = card
            moves[n] = card
            scores[n] = 1 << 30 if card == first else move_score(
                s, seat, card, best, best_seat, safe >> card & 1, sure >> card & 1, single >> card & 1)
            n += 1
    for i in range(1, n):
        key_score = scores[i]
        key_move = moves[i]
        j = i - 1
        while j >= 0 and scores[j] < key_score:
            scores[j + 1] = scores[j]
            moves[j + 1] = moves[j]
            j -= 1
        scores[j + 1] = key_score
        moves[j + 1] = key_move
    return n


# ---- Signals ----


cdef inline int interrupted(State* s) noexcept nogil:
    """Once 2**20 more nodes have been searched, take the GIL and look for a pending
    signal (Ctrl-C). A threshold, not a multiple: the last-tricks searches count nodes
    without calling this."""
    if s.aborted:
        return 1
    if s.nodes >= s.next_signal_check:
        s.next_signal_check = s.nodes + SIGNAL_CHECK_INTERVAL
        with gil:
            if PyErr_CheckSignals() != 0:
                PyErr_Clear()  # raised again as KeyboardInterrupt once the search has unwound
                s.aborted = 1
    return s.aborted


# ---- The boolean search ----


cdef int reach_in_last_tricks(State* s) noexcept nogil:
    """:func:`search` of the last two tricks, from any card of them: a plain minimax over
    the legal cards, without the table or ordering, which cost more than they save this
    close to the end."""
    cdef int seat, team, card, alive, answer
    cdef uint64_t legal
    s.nodes += 1
    if s.trick_len == 0 and s.trick_no == s.ntricks - 1:
        alive = play_last_trick(s)
        answer = alive and satisfied(&s.obj, s.acc)
        for seat in range(s.nseats):
            unplay(s)
        return answer
    seat = seat_after(s, s.trick_len)
    team = s.obj.team[seat]
    legal = legal_moves(s, seat)
    while legal:
        card = high_bit(legal)
        legal &= ~(ONE << card)
        alive = play(s, card)
        answer = reach_in_last_tricks(s) if alive else 0
        unplay(s)
        if answer == team:
            return team
    return 1 - team


cdef int choose(State* s) noexcept nogil:
    """The defenders' meld choice (see the module docstring): :func:`search` of this
    position with ``acc`` moved by each choice's shift; the team succeeds under every
    choice when the defenders play against it, under one when they are the team."""
    cdef const Goal* o = &s.obj
    cdef int c, d, answer, result = 1 - o.team_chooses
    s.choosing = 1
    for c in range(o.nchoices):
        for d in range(o.ndim):
            s.acc[d] += o.shift[c][d]
        answer = search(s)
        for d in range(o.ndim):
            s.acc[d] -= o.shift[c][d]
        if answer == o.team_chooses:
            result = answer
            break
    s.choosing = 0
    return result


cdef int search(State* s) noexcept nogil:
    """1 if the team can reach its target from here against best resistance, else 0."""
    cdef int moves[MAX_TRICKS]
    cdef int n, i, seat, team, result, answer, alive, ahead
    cdef uint64_t key = 0
    cdef int boundary = s.trick_len == 0, first = NO_MOVE, decider = NO_MOVE
    cdef Slot* e
    s.nodes += 1
    if interrupted(s):
        return 0
    if boundary:
        ahead = s.obj.nchoices > 1 and s.trick_no <= s.obj.choice_trick
        if ahead and s.trick_no == s.obj.choice_trick and not s.choosing:
            return choose(s)
        ahead = ahead and s.trick_no < s.obj.choice_trick
        if s.trick_no == s.ntricks:
            return satisfied(&s.obj, s.acc)
        if s.trick_no == s.ntricks - 1 and not ahead:
            return reach_in_last_tricks(s)
        key = position_key(s, all_hands(s), s.leader)
        e = probe(s, key)  # before the static bounds, which cost more and settle fewer boundaries
        if e != NULL:
            answer = table_answer(e, s.acc, s.obj.ndim)
            if answer >= 0:
                s.hits += 1
                return answer
            first = e.best
        answer = quick_answer(s)
        if answer >= 0:
            return answer
        if s.solo.use:
            answer = solo_answer(s, key, s.hand_points + s.last_bonus, s.ntricks - s.trick_no, ahead)
            if answer >= 0:
                return answer
        if s.trick_no == s.ntricks - 2 and not ahead:
            result = reach_in_last_tricks(s)
            store(s, key, result, NO_MOVE)
            return result
    seat = seat_after(s, s.trick_len)
    team = s.obj.team[seat]
    prefetch_children(s)
    n = ordered_moves(s, seat, moves, first)
    result = 1 - team
    for i in range(n):
        alive = play(s, moves[i])
        answer = search(s) if alive else 0
        unplay(s)
        if answer == team:
            result = team
            decider = moves[i]
            break
    if boundary:
        store(s, key, result, decider)
    return result


# ---- The solo record ----


cdef inline void solo_gain(const State* s, const Slot* e, int d, int points, int* lo, int* hi) noexcept nogil:
    """Narrow ``lo`` and ``hi``, bounds on coordinate d's future gain, by the solo record's
    entry ``e`` (the first docstring; ``points`` are the points left)."""
    cdef const Solo* solo = &s.solo
    cdef int c = solo.coef[d], m = solo.least[d], big = solo.most[d], low = e.lower, high = e.upper, bound
    if not solo.ok[d]:
        return
    if low > -BIG:  # X's strategy: his share in [low, points]
        if solo.with_team:
            bound = min(c * low + m * (points - low), c * points)
            if bound > lo[0]:
                lo[0] = bound
        else:
            bound = max(c * low + big * (points - low), c * points)
            if bound < hi[0]:
                hi[0] = bound
    if high < BIG and solo.others_against:  # the others' strategy: his share in [0, high]
        if solo.with_team:
            bound = max(c * high + big * (points - high), big * points)
            if bound < hi[0]:
                hi[0] = bound
        else:
            bound = min(c * high + m * (points - high), m * points)
            if bound > lo[0]:
                lo[0] = bound


cdef inline int solo_answer(const State* s, uint64_t key, int points, int tricks, int ahead) noexcept nogil:
    """:func:`quick_answer`'s test by the solo record alone: each end of its entry is one
    strategy, which bounds every coordinate at once. 1, 0, or -1 (unknown)."""
    cdef const Goal* o = &s.obj
    cdef const Slot* e = find(s, key, s.solo.generation)
    cdef int lo[MAX_DIMS]
    cdef int hi[MAX_DIMS]
    cdef int d
    if e == NULL:
        return -1
    for d in range(o.ndim):
        lo[d] = s.inc_min[d][0] * points + s.inc_min[d][1] * tricks
        hi[d] = s.inc_max[d][0] * points + s.inc_max[d][1] * tricks
        solo_gain(s, e, d, points, &lo[d], &hi[d])
        lo[d] += s.acc[d] + (o.shift_min[d] if ahead else 0)
        hi[d] += s.acc[d] + (o.shift_max[d] if ahead else 0)
    if not satisfied(o, hi):
        return 0
    if not o.hard and satisfied(o, lo):
        return 1
    return -1


# ---- The value search ----


cdef int NO_BOUND = -BIG - 1


cdef inline int near_value(const State* s, uint64_t others, const int* moves, const int* values,
                           int i, int team) noexcept nogil:
    """A bound on move i's value from an already searched move of the same suit that no
    other seat's card separates from it (after muskat's quasi-equivalence): exchanging
    the two cards changes the score by at most the difference of their points, so move i
    is worth at most (team) / at least (opponents) that move's value plus / minus it.
    NO_BOUND when no searched move is such a neighbour."""
    cdef int card = moves[i], j, other, low, high, delta, bound, result = NO_BOUND
    for j in range(i):
        other = moves[j]
        if (other >> 4) != (card >> 4) or ((ONE << card) | (ONE << other)) & s.obj.distinct:
            continue
        low = card if card < other else other
        high = card + other - low
        if others & ((ONE << high) - 1) & ~((ONE << (low + 1)) - 1):
            continue
        delta = s.points[card] - s.points[other]
        if delta < 0:
            delta = -delta
        if team:
            bound = values[j] + delta
            if result == NO_BOUND or bound < result:
                result = bound
        else:
            bound = values[j] - delta
            if result == NO_BOUND or bound > result:
                result = bound
    return result


cdef inline int top_trump_run(const State* s, int* weight) noexcept nogil:
    """The points of the run of highest remaining trumps whose holders all have one
    coefficient for coordinate 0, and that coefficient (in ``weight``).

    Whoever wins a trick holding such a card holds a card of the run (a trump beaten
    only by a higher trump, and every higher one is in the run), so all the run's points
    go to seats of that coefficient."""
    cdef uint64_t trumps = all_hands(s) & lane(s.trump)
    cdef int card, coef, points = 0
    weight[0] = 0
    if not trumps:
        return 0
    card = high_bit(trumps)
    weight[0] = s.obj.coef_points[0][holder(s, card)]
    while trumps:
        card = high_bit(trumps)
        coef = s.obj.coef_points[0][holder(s, card)]
        if coef != weight[0]:
            break
        points += s.points[card]
        trumps &= ~(ONE << card)
    return points


cdef int last_tricks(State* s, int alpha, int beta) noexcept nogil:
    """:func:`value_search` of the last two tricks, from any card of them: a plain
    fail-soft alpha-beta over the legal cards, without the table, bounds or ordering,
    which cost more than they save this close to the end."""
    cdef int seat, team, card, gain, value, best, before, k
    cdef uint64_t legal
    s.nodes += 1
    if s.trick_len == 0 and s.trick_no == s.ntricks - 1:
        before = s.acc[0]
        play_last_trick(s)
        gain = s.acc[0] - before
        for k in range(s.nseats):
            unplay(s)
        return gain
    seat = seat_after(s, s.trick_len)
    team = s.obj.team[seat]
    legal = legal_moves(s, seat)
    best = -BIG if team else BIG
    while legal:
        card = high_bit(legal)
        legal &= ~(ONE << card)
        before = s.acc[0]
        play(s, card)
        gain = s.acc[0] - before
        value = gain + last_tricks(s, alpha - gain, beta - gain)
        unplay(s)
        if team:
            if value > best:
                best = value
                if best > alpha:
                    alpha = best
        elif value < best:
            best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


cdef int value_search(State* s, int alpha, int beta) noexcept nogil:
    """Fail-soft alpha-beta on the future gain of coordinate 0 (goals with one
    additive coordinate and no hard constraint): the team maximises, the others minimise.

    A result <= alpha is an upper bound, >= beta a lower bound, else exact. Bounds are
    cached at trick boundaries, keyed like the boolean search (the future gain of an
    additive score depends only on the remaining cards and the leader)."""
    cdef int moves[MAX_TRICKS]
    cdef int values[MAX_TRICKS]
    cdef int n, i, seat, team, gain, value, best, before, bound
    cdef uint64_t others
    cdef int alpha0 = alpha, beta0 = beta, first = NO_MOVE, decider = NO_MOVE
    cdef int points, tricks, low, high, run, weight, cashed, cash_tricks, plain_low, plain_high
    cdef int sure[MAX_SEATS]
    cdef int known = 0
    cdef uint64_t key = 0
    cdef int boundary = s.trick_len == 0
    cdef Slot* e
    cdef const Slot* solo
    s.nodes += 1
    if interrupted(s):
        return 0
    if boundary:
        if s.trick_no == s.ntricks:
            return 0
        if s.trick_no == s.ntricks - 1:
            return last_tricks(s, alpha, beta)
        key = position_key(s, all_hands(s), s.leader)
        __builtin_prefetch(bucket_of(s, key))
        if s.figure_seat >= 0 and figure_dead(s):
            return 0
        e = probe(s, key)  # before the static bounds, which cost more and settle fewer boundaries
        if e != NULL and (e.lower >= beta or e.upper <= alpha or e.lower == e.upper):
            s.hits += 1
            return e.upper if e.upper <= alpha else e.lower
        points = s.hand_points + s.last_bonus
        tricks = s.ntricks - s.trick_no
        low = s.inc_min[0][0] * points + s.inc_min[0][1] * tricks
        high = s.inc_max[0][0] * points + s.inc_max[0][1] * tricks
        if s.trump >= 0:
            run = top_trump_run(s, &weight)
            low += (weight - s.inc_min[0][0]) * run
            high -= (s.inc_max[0][0] - weight) * run
            trick_bounds(s, 0, sure, &known, &low, &high)
        plain_low = low
        plain_high = high
        if e != NULL:
            if e.lower > low:
                low = e.lower
            if e.upper < high:
                high = e.upper
            first = e.best
        if s.solo.use and low < beta and alpha < high and low < high:
            solo = find(s, key, s.solo.generation)
            if solo != NULL:
                solo_gain(s, solo, 0, points, &low, &high)
        if s.trump < 0 and not s.obj.late and low < beta and alpha < high and low < high:
            cashed = cashed_points(s, &cash_tricks)
            if cash_tricks:
                cash_bounds(s, 0, cashed, cash_tricks, &plain_low, &plain_high)
                low = max(low, plain_low)
                high = min(high, plain_high)
        if low >= beta or low == high:
            s.hits += e != NULL
            return low
        if high <= alpha:
            s.hits += e != NULL
            return high
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        if s.trick_no == s.ntricks - 2:
            best = last_tricks(s, alpha, beta)
            store_bounds(s, key, best if best > alpha0 else -BIG, best if best < beta0 else BIG, NO_MOVE)
            return best
    seat = seat_after(s, s.trick_len)
    team = s.obj.team[seat]
    prefetch_children(s)
    n = ordered_moves(s, seat, moves, first)
    others = (all_hands(s) | s.trick_mask) & ~s.hand[seat]
    best = -BIG if team else BIG
    for i in range(n):
        bound = near_value(s, others, moves, values, i, team)
        if bound != NO_BOUND and (bound <= alpha if team else bound >= beta):
            values[i] = bound
            if (team and bound > best) or (not team and bound < best):
                best = bound
            continue
        before = s.acc[0]
        play(s, moves[i])
        gain = s.acc[0] - before
        value = gain + value_search(s, alpha - gain, beta - gain)
        unplay(s)
        values[i] = value
        if team:
            if value > best:
                best = value
                decider = moves[i]
                if best > alpha:
                    alpha = best
        elif value < best:
            best = value
            decider = moves[i]
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if boundary:
        store_bounds(s, key, best if best > alpha0 else -BIG, best if best < beta0 else BIG, decider)
    return best


cdef int NARROW = 16  # below this gap between the bounds, next_probe steps one point


cdef inline int next_probe(int lower, int upper, int side) noexcept nogil:
    """The threshold of the next probe of :meth:`Core.value`, in (lower, upper].

    A probe that fails low (the value is below it) must refute every move of the team and
    one of the other side's; one that fails high, the reverse. So probes that fail towards
    the smaller side are the cheaper ones: ``side`` < 0 (the team is the smaller side, as
    the declarer is) probes high, at 70% of the gap, then steps down from ``upper``
    (MTD(f) from above: a single probe fails high, the last); ``side`` > 0 (the defenders
    together) the mirror; ``side`` == 0 bisects. Against bisection, on the benchmark
    deals, this saves 7% of the declarer's nodes (5% at the median) and 12% of a
    defender's."""
    cdef int gap = upper - lower
    if side == 0:
        return lower + (gap + 1) // 2
    if gap > NARROW:
        return lower + ((gap * 7 + 5) // 10 if side < 0 else (gap * 3 + 5) // 10)
    return upper if side < 0 else lower + 1


# ---- The Python face: Core ----


cdef class Core:
    """One deal's search: set the deal up once, then ask goals of it.

    The transposition table is allocated once, at most ``table_bytes`` large, and kept
    across deals and goals (a generation counter invalidates old entries; the entries of
    the solo record's generation serve later goals of the same set-up: the first docstring)."""

    cdef State s
    cdef uint64_t start_hand[MAX_SEATS]
    cdef int start_leader
    cdef readonly bint additive  # the goal is said to be additive (set_goal): the value search serves
    cdef public object owner     # whoever set the deal up last (Solvers sharing a core check it)
    cdef object dealt            # the arguments of the last setup()
    cdef object solo_dealt       # ... of the setup the solo record belongs to (None: no record)

    def __cinit__(self, size_t table_bytes=32 << 20):
        cdef void* memory = NULL
        cdef uint64_t buckets = min(table_bytes // sizeof(Bucket), (ONE << 32) - 1)
        memset(&self.s, 0, sizeof(State))
        if buckets == 0:
            raise ValueError(f"the transposition table needs at least {sizeof(Bucket)} bytes")
        if posix_memalign(&memory, HUGE_PAGE if buckets * sizeof(Bucket) >= HUGE_PAGE else 64,
                          buckets * sizeof(Bucket)) != 0:
            raise MemoryError("cannot allocate the transposition table")
        advise_huge_pages(memory, buckets * sizeof(Bucket))
        memset(memory, 0, buckets * sizeof(Bucket))
        self.s.table = <Bucket*>memory
        self.s.buckets = buckets

    def __dealloc__(self):
        free(self.s.table)

    def forget(self):
        """Invalidate every entry, the solo record's too (the first docstring)."""
        self._next_generation()
        self._drop_solo_record()

    cdef _next_generation(self):
        """Invalidate the table's entries, in O(1): a new generation. Slots keep 16 bits of
        the generation, so once every 65535 generations the memory is wiped and the count
        starts again."""
        if self.s.generation == 0xFFFF:
            memset(self.s.table, 0, self.s.buckets * sizeof(Bucket))
            self.s.generation = 0
            self._drop_solo_record()
        self.s.generation += 1

    def class_cards(self, uint64_t cards) -> int:
        """The cards the table keys a trick boundary with ``cards`` (internal ids) left
        by, under the loaded goal: its class's (:func:`build_classes`)."""
        return position_key(&self.s, cards, 0)

    @property
    def generation(self) -> int:
        return self.s.generation

    @property
    def table_bytes(self) -> int:
        """Bytes the transposition table occupies (fixed at construction, at most the
        ``table_bytes`` asked for)."""
        return self.s.buckets * sizeof(Bucket)

    @property
    def nodes(self) -> int:
        return self.s.nodes

    @property
    def hits(self) -> int:
        return self.s.hits

    def setup(self, *, int seats, int tricks, int trump, bint must_beat, int last_bonus, points, hands,
              int leader, held=(), forced=()):
        """A deal in internal card ids: ``seats`` playing, ``tricks`` to play, the ``trump``
        suit (-1: none), the duty to beat, the points of the last trick, ``points`` by
        internal id (64), ``hands`` per seat, the seat that leads; ``held[t]`` the cards kept
        back in trick t, ``forced[t]`` the cards that must be played to trick t when legal."""
        cdef int i
        if not 2 <= seats <= MAX_SEATS or not 1 <= tricks <= MAX_TRICKS:
            raise ValueError("the core plays 2 or 3 seats and up to 12 tricks")
        if any(hand & ~SUIT_OF_NINE for hand in hands[:seats]):
            raise ValueError("the core plays suits of at most 9 cards")
        self.s.nseats = seats
        self.s.ntricks = tricks
        self.s.trump = trump
        self.s.must_beat = must_beat
        self.s.last_bonus = last_bonus
        for i in range(64):
            self.s.points[i] = points[i]
        self.s.kept = 0
        for i in range(MAX_TRICKS + 1):
            self.s.held[i] = held[i] if i < len(held) else 0
            self.s.forced[i] = forced[i] if i < len(forced) else 0
            self.s.kept |= self.s.held[i] | self.s.forced[i]
        for i in range(MAX_SEATS):
            self.start_hand[i] = hands[i] if i < seats else 0
        self.start_leader = leader
        self.s.figure_seat = -1  # set_goal decides for the goal loaded on this deal
        self.dealt = (seats, tricks, trump, must_beat, last_bonus, tuple(points), tuple(hands[:seats]), leader,
                      tuple(self.s.held), tuple(self.s.forced))
        # the classes of this deal for the goal loaded (set_goal builds its own)
        build_classes(&self.s, self.start_hand, self.s.obj.distinct | self.s.kept, self.s.obj.uses_points, 1)
        self._next_generation()

    def set_goal(self, *, coef_points, coef_tricks, thresholds, team, capture=None, win_all=None,
                 win_none=None, specials=(), uint64_t distinct=0, bint uses_points=True, late=None,
                 shifts=None, bint team_chooses=False, int choice_trick=1, bint keep_table=False,
                 bint additive=False, scorer=None, own_points=None, wanted_winners=None, counts=None):
        """Load a goal (see ``Goal`` in the .pxd): per coordinate its coefficients per point
        and per trick of each seat (``late``: per coordinate (from_trick, coef_plain): it
        counts tricks from from_trick on only, and adds coef_plain[seat] more per trick won
        without a trump in it; None: every trick counts, nothing more); ``counts`` per
        coordinate None or (cards, trick, coef): it adds coef[seat] per one of those cards
        (internal mask) in a trick the seat wins, in that trick (0-based) only or in every
        trick (-1); ``thresholds`` per term; per seat whether it plays for the goal
        (``team``), the cards it must capture, whether it must win every trick or none;
        ``specials`` (seat, trick, card); ``distinct`` cards never merged with a neighbour;
        ``shifts`` the starting coordinates of each of the defenders' meld choices (None:
        one, all zero; an additive goal takes one); ``team_chooses``: the defenders, who
        choose, play for the goal; the choice is made when trick ``choice_trick`` is to be
        led. A new table generation starts unless ``keep_table``: allowed for the same goal,
        or an additive one that differs only in its threshold (value-search bounds do not
        depend on it). GoalTooLarge beyond the core's limits.

        What the goal is, the caller says; the core does not guess it from the
        coefficients, and a word left out is always sound, only slower. ``additive``: one
        coordinate, one term, no hard constraint: the value search answers it, and its
        table entries hold for any threshold. ``scorer``: the one seat whose points the
        goal counts up; the seats against it play first the cards after which the trick
        cannot go to him (move ordering). ``own_points``: the seat whose own card points
        the goal is (coefficient 1, nothing else, from the first trick), playing for them:
        alone, the goal writes the solo record (the first docstring); with one partner
        against the third seat, the value search ends a line where he can win no more
        tricks (:func:`figure_dead`). ``wanted_winners`` per seat: 1 where the team wants
        the seat to win tricks (move ordering). ValueError where a word contradicts the
        goal and would make an answer wrong."""
        cdef Goal* o = &self.s.obj
        cdef int d, seat, t, k, c, ndim = len(coef_points), nseats = self.s.nseats
        shifts = shifts or [[0] * ndim]
        late = late or [(0, (0,) * nseats)] * ndim
        capture = capture or [0] * nseats
        win_all = win_all or [0] * nseats
        win_none = win_none or [0] * nseats
        if ndim > MAX_DIMS or len(thresholds) > MAX_TERMS or len(specials) > MAX_SPECIALS or len(shifts) > MAX_CHOICES:
            raise GoalTooLarge(
                f"the question needs {ndim} coordinates, {len(thresholds)} terms, {len(specials)} card-trick "
                f"constraints and {len(shifts)} meld choices; the search core tracks at most {MAX_DIMS}, "
                f"{MAX_TERMS}, {MAX_SPECIALS} and {MAX_CHOICES}"
            )
        memset(o, 0, sizeof(Goal))
        o.ndim = ndim
        o.nterms = len(thresholds)
        for d in range(ndim):
            for seat in range(nseats):
                o.coef_points[d][seat] = coef_points[d][seat]
                o.coef_tricks[d][seat] = coef_tricks[d][seat]
            o.from_trick[d] = late[d][0]
            for seat in range(nseats):
                o.coef_plain[d][seat] = late[d][1][seat]
            o.late = o.late or o.from_trick[d] > 0 or any(late[d][1][:nseats])
            # a trick adds between the least and the largest of: nothing (before
            # from_trick), its coefficient, its coefficient with coef_plain
            trick_gains = list(coef_tricks[d][:nseats]) + [c + p for c, p in zip(coef_tricks[d][:nseats], late[d][1])]
            early = [0] if o.from_trick[d] > 0 else []
            self.s.inc_min[d][0] = min(list(coef_points[d][:nseats]) + early)
            self.s.inc_max[d][0] = max(list(coef_points[d][:nseats]) + early)
            self.s.inc_min[d][1] = min(trick_gains + early)
            self.s.inc_max[d][1] = max(trick_gains + early)
            count = counts[d] if counts is not None and counts[d] is not None else (0, -1, (0,) * nseats)
            o.count_cards[d], o.count_trick[d] = count[0], count[1]
            for seat in range(nseats):
                o.coef_count[d][seat] = count[2][seat]
            o.late = o.late or o.count_cards[d] != 0
            # a counted card goes to some seat's trick; one counted in one trick only, perhaps to none
            elsewhere = [0] if o.count_trick[d] >= 0 else []
            self.s.inc_min[d][2] = min(list(count[2][:nseats]) + elsewhere)
            self.s.inc_max[d][2] = max(list(count[2][:nseats]) + elsewhere)
        for t in range(o.nterms):
            for d in range(ndim):
                o.threshold[t][d] = thresholds[t][d]
        for seat in range(nseats):
            o.team[seat] = team[seat]
            o.capture[seat] = capture[seat]
            o.win_all[seat] = win_all[seat]
            o.win_none[seat] = win_none[seat]
        o.nspecial = len(specials)
        for k in range(o.nspecial):
            o.special_seat[k], o.special_trick[k], o.special_card[k] = specials[k]
        o.distinct = distinct
        o.uses_points = uses_points
        o.hard = o.nspecial > 0 or any(capture) or any(win_all) or any(win_none)
        o.nchoices = len(shifts)
        o.team_chooses = team_chooses
        o.choice_trick = choice_trick
        for d in range(ndim):
            o.shift_min[d] = min(shift[d] for shift in shifts)
            o.shift_max[d] = max(shift[d] for shift in shifts)
            for c in range(o.nchoices):
                o.shift[c][d] = shifts[c][d]
        self._load_kind(additive, scorer, own_points, wanted_winners, coef_points, coef_tricks, team)
        build_classes(&self.s, self.start_hand, distinct | self.s.kept, uses_points, 0)
        if not keep_table:
            self._next_generation()
        self._load_solo(coef_points, coef_tricks, team, own_points)

    cdef _load_kind(self, bint additive, scorer, own_points, wanted_winners, coef_points, coef_tricks, team):
        """Take what the caller says the goal is (:meth:`set_goal`), checking each word on
        which an answer depends against the goal."""
        cdef Goal* o = &self.s.obj
        cdef int seat, nseats = self.s.nseats
        if additive and o.nchoices > 1:
            raise ValueError("an additive goal takes one meld choice (the chooser's best)")
        if additive and (o.ndim != 1 or o.nterms != 1 or o.hard):
            raise ValueError("an additive goal has one coordinate, one term and no hard constraint")
        if own_points is not None and not (
                additive and not o.late and 0 <= own_points < nseats and team[own_points]
                and all(coef_points[0][k] == (k == own_points) and coef_tricks[0][k] == 0 for k in range(nseats))):
            raise ValueError(f"the goal is not seat {own_points}'s own points, played for by him")
        if scorer is not None and not 0 <= scorer < nseats:
            raise ValueError(f"no seat {scorer} plays")
        self.additive = additive
        o.scorer = -1 if scorer is None else scorer
        for seat in range(nseats):
            o.good[seat] = bool(wanted_winners[seat]) if wanted_winners is not None else 0
        self.s.figure_seat = -1
        if (own_points is not None and nseats == 3 and sum(team[:3]) == 2 and self.s.trump < 0
                and not self.s.must_beat and self.s.kept == 0):
            self.s.figure_seat = own_points
            self.s.figure_opponent = [k for k in range(3) if not team[k]][0]
            self.s.figure_partner = 3 - own_points - self.s.figure_opponent

    cdef _load_solo(self, coef_points, coef_tricks, team, own_points):
        """After a goal is loaded: whether its generation is the solo record (the first
        docstring), or it reads the record, and how."""
        cdef Solo* solo = &self.s.solo
        cdef Goal* o = &self.s.obj
        cdef int d, k, seat, nseats = self.s.nseats
        solo.use = 0
        if own_points is not None and sum(team[:nseats]) == 1:
            self.solo_dealt = self.dealt
            solo.seat = own_points
            solo.generation = self.s.generation
            return
        if self.solo_dealt is None or self.solo_dealt != self.dealt:
            return
        seat = solo.seat
        others = [k for k in range(nseats) if k != seat]
        solo.with_team = o.team[seat]
        solo.others_against = all(o.team[k] != o.team[seat] for k in others)
        for d in range(o.ndim):
            solo.ok[d] = not o.late and not any(coef_tricks[d][k] for k in range(nseats))
            solo.coef[d] = coef_points[d][seat]
            solo.least[d] = min(coef_points[d][k] for k in others)
            solo.most[d] = max(coef_points[d][k] for k in others)
            solo.use = solo.use or (solo.ok[d] and o.uses_points)

    cdef _drop_solo_record(self):
        """No solo record from here on, until a goal writes one."""
        self.solo_dealt = None
        self.s.solo.generation = 0
        self.s.solo.use = 0

    def query(self, prefix) -> bool:
        """Can the team succeed after the cards ``prefix`` (internal ids, legal, in playing
        order)? Each meld choice's coordinates are where play starts; a choice still ahead
        is made in the search (:func:`choose`); one already behind the start (the prefix
        ends after the choice's trick began) is made here, at the root."""
        cdef State* s = &self.s
        cdef Goal* o = &s.obj
        cdef int c, result = 1 - o.team_chooses, answer
        if o.nchoices == 1 or not self._before_choice(prefix):
            for c in range(o.nchoices):
                answer = self._search_from(o.shift[c], prefix)
                if answer == o.team_chooses:
                    return bool(answer)
            return bool(result)
        return bool(self._search_from(NULL, prefix))

    cdef int _search_from(self, const int* acc, prefix) except -1:
        """One search from the first lead with ``acc`` (NULL: zeros), after ``prefix``."""
        cdef State* s = &self.s
        cdef int result, need
        if not self._start(acc, prefix):
            return 0
        with nogil:
            if self.additive:
                need = s.obj.threshold[0][0] - s.acc[0]
                result = value_search(s, need - 1, need) >= need
            else:
                result = search(s)
        self._raise_if_aborted()
        return result

    cdef bint _before_choice(self, prefix):
        """The meld choice is still to be made after ``prefix``: its trick has not begun."""
        cdef int played = len(prefix), nseats = self.s.nseats
        return played // nseats < self.s.obj.choice_trick or (
            played // nseats == self.s.obj.choice_trick and played % nseats == 0
        )

    def value(self, prefix) -> int:
        """The value of coordinate 0 at the end of best play, after ``prefix``, for an
        goal with one additive coordinate and no hard constraint (``additive``).

        Null-window :func:`value_search` probes narrow [lower, upper] with their fail-soft
        results, and all probes share the table. Which probes: see :func:`next_probe`."""
        cdef State* s = &self.s
        cdef int lower, upper, beta, found, start, points, tricks, i, side = -s.nseats
        if not self.additive:
            raise ValueError("value() needs an additive goal")
        self._start(s.obj.shift[0], prefix)
        start = s.acc[0]
        points = s.hand_points + (s.last_bonus if s.trick_no < s.ntricks else 0)
        for i in range(s.trick_len):
            points += s.points[s.cards[s.trick_no][i]]
        tricks = s.ntricks - s.trick_no
        lower = s.inc_min[0][0] * points + s.inc_min[0][1] * tricks
        upper = s.inc_max[0][0] * points + s.inc_max[0][1] * tricks
        for i in range(s.nseats):
            side += 2 * s.obj.team[i]
        with nogil:
            while lower < upper:
                beta = next_probe(lower, upper, side)
                found = value_search(s, beta - 1, beta)
                if found < beta:
                    upper = found
                else:
                    lower = found
                if s.aborted:
                    break
        self._raise_if_aborted()
        return start + lower

    cdef _raise_if_aborted(self):
        """After a signal: entries written while unwinding are unfounded, so the
        generation moves on and the solo record is dropped; then the signal's exception
        (KeyboardInterrupt) is raised."""
        if self.s.aborted:
            self.s.aborted = 0
            self.forget()
            raise KeyboardInterrupt

    cdef bint _start(self, const int* acc, prefix):
        """Reset to the first lead with ``acc`` (NULL: zeros), replay ``prefix``; False if
        it broke a hard constraint."""
        cdef State* s = &self.s
        cdef int i, card, alive = 1
        s.hand_points = 0
        for i in range(MAX_SEATS):
            s.hand[i] = self.start_hand[i]
        for i in range(64):
            if all_hands(s) >> i & 1:
                s.hand_points += s.points[i]
        s.leader = self.start_leader
        s.trick_no = 0
        s.trick_len = 0
        s.trick_mask = 0
        for i in range(MAX_DIMS):
            s.acc[i] = acc[i] if acc != NULL and i < s.obj.ndim else 0
        s.choosing = 0
        for card in prefix:
            alive = play(s, card) and alive
        return alive
