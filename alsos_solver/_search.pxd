# The search core's C types. Card ids inside the core are *internal*: suit * 16 + strength,
# strength 0 = the weakest card of the suit in this contract's trick order, so each suit is
# one 16-bit lane of a uint64 and "higher bit in the lane" means "wins over".

from libc.stdint cimport int16_t, uint8_t, uint16_t, uint32_t, uint64_t

cdef enum:
    MAX_SEATS = 3      # active seats: 2 or 3 (all_hands() ORs three hands)
    MAX_TRICKS = 12    # hand size
    MAX_DIMS = 4       # score coordinates a goal may track
    MAX_TERMS = 8      # OR-terms of a goal's success predicate
    MAX_SPECIALS = 4   # "seat wins trick t with card c" constraints
    MAX_CHOICES = 16   # meld choices of the defenders (2 contests x 2 defenders, conceded or not)
    SLOTS = 2          # win / loss vectors kept per table entry
    NO_LIMIT = -30000  # a threshold that every coordinate meets
    NO_MOVE = 255      # no best move known


cdef struct Goal:                          # a question in the engine's form
    int ndim                                # coordinates in use
    int coef_points[MAX_DIMS][MAX_SEATS]    # added per trick point won by a seat
    int coef_tricks[MAX_DIMS][MAX_SEATS]    # added per trick won by a seat
    int from_trick[MAX_DIMS]                # the coordinate counts tricks t >= from_trick only
    int coef_plain[MAX_DIMS][MAX_SEATS]     # added more per such trick won without a trump in it
    uint64_t count_cards[MAX_DIMS]          # cards the coordinate counts one by one ...
    int count_trick[MAX_DIMS]               # ... in this trick (0-based) only, or in every trick (-1) ...
    int coef_count[MAX_DIMS][MAX_SEATS]     # ... adding this per such card in a trick the seat wins
    int late                                # some coordinate has from_trick > 0, a coef_plain or counted cards
    int nterms                              # success = OR over terms
    int threshold[MAX_TERMS][MAX_DIMS]      # a term holds when acc[d] >= threshold for all d
    int team[MAX_SEATS]                     # 1: the seat plays for the goal
    uint64_t capture[MAX_SEATS]             # cards the seat must take itself
    int win_all[MAX_SEATS]                  # the seat must win every trick
    int win_none[MAX_SEATS]                 # the seat must win no trick
    int nspecial
    int special_seat[MAX_SPECIALS]          # seat that must win ...
    int special_trick[MAX_SPECIALS]         # ... this trick (0-based) ...
    int special_card[MAX_SPECIALS]          # ... with this internal card, played in no other trick
    uint64_t distinct                       # cards never merged with an equivalent neighbour
    int hard                                # any capture / win_all / win_none / special in use
    int uses_points                         # card points matter (else equal-rank merging ignores them)
    int good[MAX_SEATS]                     # 1: the team wants this seat to win tricks (move ordering; as the caller
                                            # of set_goal says, its wanted_winners)
    int scorer                              # move ordering: the seat whose points the goal counts up, as the caller says
                                            # (the declarer's points and game, a defender's figure); else -1
    int nchoices                            # the defenders' meld choices (1: nothing to choose)
    int shift[MAX_CHOICES][MAX_DIMS]        # each choice's starting coordinates (the melds it scores)
    int shift_min[MAX_DIMS]                 # per coordinate: the least shift of any choice ...
    int shift_max[MAX_DIMS]                 # ... and the largest
    int team_chooses                        # 1: the defenders, who choose, play for the goal
    int choice_trick                        # the choice is made when this trick (0-based) is to be led


cdef struct Slot:                           # one table entry's first 16 bytes
    uint64_t key                            # remaining cards | leader << 62
    uint16_t generation                     # valid only in the generation it was written in
    uint8_t best                            # the lead that last decided this position, or NO_MOVE
    uint8_t counts                          # boolean search: win vectors in use | loss vectors << 2
                                            # | round-robin slot to overwrite next (win << 4, loss << 5)
    int16_t lower                           # value search: bounds on the future gain
    int16_t upper                           # (-BIG / BIG: unknown)


cdef struct Vectors:                        # the boolean search's part of an entry
    int16_t win[SLOTS][MAX_DIMS]            # team wins from here whenever acc >= win[i]
    int16_t loss[SLOTS][MAX_DIMS]           # team loses from here whenever acc <= loss[i]


cdef struct Bucket:                         # four entries in three cache lines, 64-byte aligned
    Slot slot[4]                            # the first line: all that a probe or the value search reads
    Vectors vectors[4]


cdef struct Solo:                           # how the loaded goal reads the solo record
    int seat                                # the solo seat X
    uint32_t generation                     # the table generation that holds the record (0: none)
    int use                                 # 1: the loaded goal reads it
    int ok[MAX_DIMS]                        # the coordinate counts points only, from the first trick
    int coef[MAX_DIMS]                      # its coefficient of X's points ...
    int least[MAX_DIMS]                     # ... and the least and largest of the other seats'
    int most[MAX_DIMS]
    int with_team                           # X plays for the goal
    int others_against                      # every other seat plays on the side X is not on


cdef struct State:
    int nseats
    int ntricks                             # tricks in the deal
    int trump                               # trump suit, -1 without
    int must_beat                           # duty to beat the highest card of the led suit
    int last_bonus                          # points for the last trick
    int points[64]                          # card points by internal id
    uint64_t held[MAX_TRICKS + 1]           # cards kept back in trick t unless forced
    uint64_t forced[MAX_TRICKS + 1]         # cards that must be played to trick t when legal
    uint64_t kept                           # every held or forced card, of any trick
    uint64_t hand[MAX_SEATS]
    int leader                              # leader of the current trick
    int trick_no                            # current trick, 0-based
    int trick_len                           # cards on the table
    uint64_t trick_mask                     # those cards
    int cards[MAX_TRICKS + 1][MAX_SEATS]    # cards of every trick, in playing order
    int leaders[MAX_TRICKS + 1]             # who led each trick
    uint64_t trick_masks[MAX_TRICKS + 1]    # the cards of each trick played out
    int hand_points                         # points still in the hands
    int acc[MAX_DIMS]                       # the goal's accumulated coordinates
    int acc_before[MAX_TRICKS + 1][MAX_DIMS]
    Goal obj                                # the question being asked
    int inc_min[MAX_DIMS][3]                # per coordinate: least gain per point, per trick, per counted card
    int inc_max[MAX_DIMS][3]                # per coordinate: largest gain per point, per trick, per counted card
    int figure_seat                         # a defender's own points with his partner helping
                                            # (see figure_dead): his seat, else -1
    int figure_partner
    int figure_opponent
    int choosing                            # the choice node on the path is searching its choices
    uint16_t canon[4][512]                  # per suit: its remaining cards -> the class's key (see position_key)
    uint64_t canon_distinct                 # the cards the classes keep apart (every held or forced card, the goal's distinct)
    int canon_points                        # the classes keep points apart
    Bucket* table
    uint64_t buckets                        # number of buckets (below 2**32)
    Solo solo
    uint32_t generation                     # 1 .. 65535, stored in every slot written
    uint64_t nodes
    int aborted                             # a signal (Ctrl-C) arrived: unwind, trust nothing
    uint64_t next_signal_check              # nodes at which to look for a signal next
    uint64_t hits
