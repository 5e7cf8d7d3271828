"""``--html``: one self-contained page, or a site (an index and a page per deal), checked
with a parser (balanced tags, nothing fetched from elsewhere, no script but the board's
inline island and loader; the analyses as the terminal's tables, the best marked) and in a real
browser (headless Chromium: every card of the diagram visible, nothing wider than the
window at 1280 and 375 pixels, the solution toggle opens). Without a Chromium the browser
test is skipped, saying so."""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from alsos_solver.cards import cards_of
from alsos_solver.cli import app
from alsos_solver.io import iter_deals
from alsos_solver.report import Sinks

from cli_support import ASSZORTI, PUZZLES, ok, write

VOID = {"meta", "br", "hr", "img", "input", "link", "wbr", "col", "area", "base", "source"}
PUZZLE_FILE = PUZZLES / "collection" / "themes.txt"
ANALYSES = ["--cards", "--line", "--review", "--scores", "--announce", "--table"]


class PageCheck(HTMLParser):
    """The tags of a page: their nesting (every element closed in order), and every
    attribute that could fetch something or run a script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.problems: list[str] = []
        self.links: list[str] = []
        self.text: list[str] = []
        self.scripts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and dict(attrs) in ({"type": "application/json", "id": "board-data"}, {"type": "module"}):
            self.scripts.append(dict(attrs).get("id", "module"))  # the board's island and its loader: inline
        elif tag in ("script", "link", "img", "iframe", "object", "embed"):
            self.problems.append(f"<{tag}> in the page")
        for name, value in attrs:
            if name == "src" or name.startswith("on") or "url(" in (value or ""):
                self.problems.append(f"{tag} {name}={value!r}")
            if name == "href":
                self.links.append(value or "")
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1:] or 'nothing'}")
        else:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if not self.open or self.open[-1] not in ("script", "style"):
            self.text.append(data)  # what the page shows, not its code


def checked(path: Path) -> PageCheck:
    """A page parsed: balanced, self-contained (links only to pages beside it), no script
    but the board's (a deal page: its data island and the inline module that loads it)."""
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    parser = PageCheck()
    parser.feed(text)
    parser.close()
    assert parser.problems == [] and parser.open == [], (path, parser.problems, parser.open)
    assert "url(" not in text and "@import" not in text
    assert parser.scripts in ([], ["board-data", "module"]), parser.scripts
    for link in parser.links:
        assert "/" not in link and ":" not in link and link.endswith(".html"), link
        assert (path.parent / link).is_file(), link
    return parser


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A site of the puzzles of one collection file and an Asszorti deal."""
    folder = tmp_path_factory.mktemp("deals")
    write(folder, "b-asszorti.txt", ASSZORTI)
    shutil.copy(PUZZLE_FILE, folder / "a-themes.txt")
    from typer.testing import CliRunner

    target = tmp_path_factory.mktemp("site") / "site"
    result = CliRunner().invoke(app, [str(folder), "--html", f"{target}/", "--no-terminal"])
    assert ok(result) == ""
    return target


def test_one_page_holds_the_deal_the_result_and_every_analysis(runner, tmp_path):
    page = tmp_path / "played.html"
    shown = ok(runner.invoke(app, [str(PUZZLES / "played.txt"), *ANALYSES, "--html", str(page)]))
    assert "Double-dummy result" in shown  # the terminal view too
    text = " ".join(checked(page).text)
    for heading in ("Double-dummy result", "Card values", "Optimal line", "Play review", "Scores",
                    "Best announcements", "Contract table", "B ruffs too low", "card points (last trick included)", "abszolut"):
        assert heading in text, heading
    assert [p.name for p in tmp_path.iterdir()] == ["played.html"]  # no temporary file left


def test_every_game_gets_its_result_as_the_terminal_shows_it(runner, tmp_path):
    """Each game's views draw its result in the page as on the terminal (issue 29 §3)."""
    from cli_support import ALTIANSZ, BETLI, KLOPITZKY

    files = [write(tmp_path, f"{n}.txt", text) for n, text in enumerate((ASSZORTI, ALTIANSZ, BETLI, KLOPITZKY))]
    page = tmp_path / "games.html"
    assert ok(runner.invoke(app, [*files, "--html", str(page), "--no-terminal"])) == ""
    text = " ".join(checked(page).text)
    for answer in ("of 11 tricks", "Arrivázs, the last three tricks", "The declarer can make", "Betli:",
                   "Klopitzky, can each seat avoid paying"):
        assert answer in text, answer
    assert text.count("Double-dummy result") == 4


def test_a_site_has_an_index_and_a_page_per_deal(site):
    puzzles = list(iter_deals(PUZZLE_FILE))
    pages = sorted(p.name for p in site.iterdir())
    assert pages == sorted(["index.html", "b-asszorti-1.html", *(f"a-themes-{i}.html" for i in
                                                                   range(1, len(puzzles) + 1))])
    deal_pages = [page for page in pages if page != "index.html"]
    assert sorted(checked(site / "index.html").links) == deal_pages
    for page in deal_pages:
        assert checked(site / page).links == ["index.html"]


def test_a_puzzle_page_hides_its_solution_behind_a_toggle(site):
    deal = next(iter(iter_deals(PUZZLE_FILE)))
    text = (site / "a-themes-1.html").read_text(encoding="utf-8")
    toggle = text.index('<details class="solution"><summary>Show solution</summary>')
    solution = text[toggle:text.index("</details>", toggle)]
    for card in deal.tags["Solution"].split():
        assert f'data-card="{card}"' in solution
    assert f"<b>{deal.tags['Goal']}</b>" in text[:toggle]
    comment = html.escape(deal.tags["Comment"])  # it tells the idea: behind the toggle too
    assert comment in solution and comment not in text[:toggle]
    start = text[text.index('<div class="diagram start">'):toggle]  # the hands left after the Play section
    players = len(deal.game.active)
    assert deal.play and start.count("data-card=") == deal.in_play.bit_count() - len(deal.play) + len(deal.play) % players


def test_a_folder_is_its_txt_files_and_subfolders_sorted(runner, tmp_path):
    deal = (PUZZLES / "example.txt").read_text(encoding="utf-8")
    for name in ("b.txt", "a.txt", "sub/c.txt"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(deal, encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a deal", encoding="utf-8")
    lines = ok(runner.invoke(app, ["--brief", "--no-solve", str(tmp_path)])).splitlines()
    assert [line.split(" · ")[1] for line in lines] == [str(tmp_path / n) for n in ("a.txt", "b.txt", "sub/c.txt")]
    (tmp_path / "empty").mkdir()
    result = runner.invoke(app, [str(tmp_path / "empty")])
    assert result.exit_code == 2 and result.stderr == f"error: no deals in {tmp_path / 'empty'}\n"


@pytest.mark.parametrize("args, message", [
    (["--no-terminal"], "--no-terminal needs --html"),
    (["--no-terminal", "--json", "--html", "x.html"], "--json and --no-terminal: give one of them"),
    (["--html", "/nonexistent/x.html"], "--html /nonexistent/x.html: no such folder: /nonexistent"),
])
def test_html_option_errors(runner, args, message):
    result = runner.invoke(app, [str(PUZZLES / "example.txt"), *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {message}")


# Outputs and inputs (docs/cli.md): --html never replaces an input, nor a file that is not a page without --force

def test_html_refuses_to_replace_a_deal_file_taken_for_a_flag(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    deal = (PUZZLES / "example.txt").read_text(encoding="utf-8")
    write(tmp_path, "a.txt", deal)
    write(tmp_path, "b.txt", deal)
    result = runner.invoke(app, ["--brief", "--html", "a.txt", "b.txt"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == ("error: --html a.txt: the file exists and is not a web page (it looks like a deal file); "
                             "--force replaces it\n")
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == deal
    ok(runner.invoke(app, ["--brief", "--html", "a.txt", "b.txt", "--force"]))
    checked(tmp_path / "a.txt")


@pytest.mark.parametrize("target, given", [
    ("d.txt", "d.txt"), ("./d.txt", "d.txt"), ("soft.txt", "d.txt"), ("hard.txt", "d.txt"), ("hard.txt", "deals"),
], ids=["same", "dot", "symlink", "hardlink", "in-a-folder"])
def test_html_never_replaces_an_input(runner, tmp_path, monkeypatch, target, given):
    monkeypatch.chdir(tmp_path)
    deal = (PUZZLES / "example.txt").read_text(encoding="utf-8")
    (tmp_path / "deals").mkdir()
    write(tmp_path / "deals", "d.txt", deal)
    os.symlink("deals/d.txt", "soft.txt")
    os.link("deals/d.txt", "hard.txt")
    os.symlink("deals/d.txt", "d.txt")
    result = runner.invoke(app, ["--json", "--force", "--html", target, given])
    named = "deals/d.txt" if given == "deals" else given
    assert result.exit_code == 2 and result.stdout == "[]\n"
    assert result.stderr == f"error: --html {target} is the input {named} (the same file): an output never replaces an input\n"
    assert (tmp_path / "deals" / "d.txt").read_text(encoding="utf-8") == deal


def test_a_site_never_replaces_an_input_nor_a_file_that_is_not_a_page(runner, tmp_path):
    deal = (PUZZLES / "example.txt").read_text(encoding="utf-8")
    site = tmp_path / "site"
    site.mkdir()
    write(site, "example-1.html", deal)  # the name of the example's page, but a deal file
    result = runner.invoke(app, ["--no-solve", "--html", f"{site}/", str(site / "example-1.html")])
    assert result.exit_code == 2
    assert result.stderr == (f"error: --html {site}/: {site}/example-1.html is the input {site}/example-1.html (the same file): "
                             "an output never replaces an input\n")
    example = str(PUZZLES / "example.txt")
    result = runner.invoke(app, ["--no-solve", "--html", f"{site}/", example])
    assert result.exit_code == 2 and "example-1.html: the file exists and is not a web page" in result.stderr
    assert (site / "example-1.html").read_text(encoding="utf-8") == deal
    write(site, "notes.txt", "not a page")  # not a name a site writes: never looked at
    assert runner.invoke(app, ["--no-solve", "--no-terminal", "--html", f"{site}/", example, "--force"]).exit_code == 0
    checked(site / "example-1.html")
    assert (site / "notes.txt").read_text(encoding="utf-8") == "not a page"


def test_every_view_is_closed_though_one_fails():
    """The page is written even when the terminal's output breaks (and the other way)."""
    closed = []

    class View:
        def __init__(self, name: str, fails: bool) -> None:
            self.name, self.fails = name, fails

        def deal(self, report) -> None:
            pass

        def close(self) -> None:
            closed.append(self.name)
            if self.fails:
                raise OSError("broken pipe")

    with pytest.raises(OSError):
        Sinks(View("page", True), View("terminal", False)).close()
    assert closed == ["page", "terminal"]


# In a browser

PROBE = """<script>
addEventListener("load", () => {
  const seen = {width: innerWidth, scroll: document.documentElement.scrollWidth};
  const cards = [...document.querySelectorAll(".diagram.dealt [data-card]")];
  seen.cards = cards.map(c => c.dataset.card);
  seen.hidden = cards.filter(c => { const r = c.getBoundingClientRect();
    return r.width === 0 || r.left < 0 || r.right > innerWidth; }).map(c => c.dataset.card);
  const toggle = document.querySelector("details.solution");
  if (toggle) {
    const inside = toggle.querySelector("dl");
    const shows = () => inside.checkVisibility() && inside.getBoundingClientRect().height > 0;
    seen.before = [toggle.open, shows()];
    toggle.querySelector("summary").click();
    seen.after = [toggle.open, shows()];
  }
  parent.postMessage(JSON.stringify(seen), "*");
});
</script>"""
"""Measures a page once loaded and tells the frame around it (:data:`FRAME`) what it saw."""
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="{page}" style="border:0; width:{width}px; height:900px"></iframe>
<script>
addEventListener("message", event => {{
  const out = document.createElement("pre");
  out.id = "probe";
  out.textContent = event.data;
  document.body.appendChild(out);
}});
</script></body></html>"""
"""A page in a frame of the width under test, that writes what the probe saw into itself
for --dump-dom (headless Chromium's window is at least 500 pixels wide, the frame is not)."""


def chromium() -> str | None:
    return next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None)


def browse(browser: str, page: Path, width: int, *args: str) -> str:
    """Chromium headless on the page at this window width; its standard output. Its
    profile, settings and caches go to the page's (temporary) folder, not the home."""
    home = page.parent / ".chromium"
    done = subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           f"--user-data-dir={home}", f"--window-size={width},900",
                           "--virtual-time-budget=3000", *args, page.as_uri()],
                          capture_output=True, text=True, timeout=120,
                          env=os.environ | {"HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache")})
    assert done.returncode == 0, done.stderr
    return done.stdout


def framed(page: Path, width: int, folder: Path, probe: str = "") -> Path:
    """A copy of the page (with the probe) in a frame of this width, in the folder (the
    page is self-contained: its copy is the same page)."""
    copy = folder / f"framed-{width}-{page.name}"
    copy.write_text(page.read_text(encoding="utf-8").replace("</body>", probe + "</body>"), encoding="utf-8")
    frame = folder / f"frame-{width}-{page.name}"
    frame.write_text(FRAME.format(page=copy.name, width=width), encoding="utf-8")
    return frame


def probed(browser: str, page: Path, width: int, folder: Path) -> dict:
    """What :data:`PROBE` saw of the page at this width."""
    dom = browse(browser, framed(page, width, folder, PROBE), max(width, 500), "--dump-dom")
    marker = '<pre id="probe">'
    assert marker in dom, dom[-2000:]
    return json.loads(dom.split(marker)[1].split("</pre>")[0].replace("&quot;", '"').replace("&amp;", "&"))


@pytest.mark.skipif(chromium() is None, reason="no chromium binary found (Debian: apt-get install chromium)")
@pytest.mark.parametrize("width", [1280, 375])
def test_the_pages_in_a_browser(site, tmp_path, width):
    browser = chromium()
    deals = {"a-themes-1.html": next(iter(iter_deals(PUZZLE_FILE))),
             "b-asszorti-1.html": next(iter(iter_deals(write(tmp_path, "asszorti.txt", ASSZORTI))))}
    for name in (*deals, "index.html"):
        seen = probed(browser, site / name, width, tmp_path)
        assert seen["width"] == width
        assert seen["scroll"] <= width, f"{name} overflows at {width} px: {seen['scroll']}"
        assert seen["hidden"] == [], name
        if name in deals:
            deal = deals[name]
            shown = deal.in_play | (deal.talon or 0)  # the hands and the talon
            assert sorted(seen["cards"]) == sorted(deal.pack.card_name(c) for c in cards_of(shown)), name
        if name == "a-themes-1.html":
            assert seen["before"] == [False, False] and seen["after"] == [True, True]
    shot = tmp_path / f"puzzle-{width}.png"
    browse(browser, framed(site / "a-themes-1.html", width, tmp_path), max(width, 500), f"--screenshot={shot}")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# The analyses as the terminal shows them (issue 29 §3)


class Sections(HTMLParser):
    """Each analysis section's tables (rows of cell texts, and which rows are marked
    best) and whether it holds a generic list of names and values (the JSON view)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sections: list[dict] = []
        self.inside = False
        self.row: list[str] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "section":
            self.inside = "analysis" in classes
            if self.inside:
                self.sections.append({"title": "", "tables": [], "best": [], "facts": False, "in_title": False})
        if not self.inside:
            return
        section = self.sections[-1]
        if tag == "h3":
            section["in_title"] = True
        elif tag == "dl":
            section["facts"] = True
        elif tag == "table":
            section["tables"].append([])
        elif tag == "tr":
            self.row = []
            if "best" in classes:
                section["best"].append(len(section["tables"][-1]))
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if not self.inside:
            return
        section = self.sections[-1]
        if tag == "section":
            self.inside = False
        elif tag == "h3":
            section["in_title"] = False
        elif tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        elif tag == "tr" and self.row is not None:
            section["tables"][-1].append(self.row)
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.inside and self.sections[-1]["in_title"]:
            self.sections[-1]["title"] += data
        if self.cell is not None:
            self.cell.append(data)


def sections(page: Path) -> dict[str, dict]:
    parser = Sections()
    parser.feed(page.read_text(encoding="utf-8"))
    return {section["title"].split(" · ")[0]: section for section in parser.sections}


def test_the_analyses_are_the_terminals_tables_with_the_best_marked(runner, tmp_path):
    page = tmp_path / "played.html"
    ok(runner.invoke(app, [str(PUZZLES / "played.txt"), *ANALYSES, "--html", str(page), "--no-terminal"]))
    found = sections(page)
    assert set(found) >= {"Card values", "Optimal line", "Contract table", "Best announcements", "Play review", "Scores"}
    for title, section in found.items():
        assert section["tables"] and not section["facts"], title  # tables, not the JSON record's names and values
    assert found["Card values"]["title"] == "Card values · declarer_points at the first lead"
    cards = found["Card values"]["tables"][0]
    assert cards[0] == ["cards", "value", ""]
    record = json.loads(ok(runner.invoke(app, [str(PUZZLES / "played.txt"), "--cards", "--json", "--no-solve"])))[0]
    top = record["groups"][0][1]
    best_rows = [i for i, (_, value) in enumerate(record["groups"], 1) if value == top]
    assert found["Card values"]["best"] == best_rows and all(cards[i][2] == "best" for i in best_rows)
    assert [row[1] for row in cards[1:]] == [f"{value} points" for _, value in record["groups"]]
    line = found["Optimal line"]["tables"][0]
    assert line[0] == ["trick", "leader", "cards", "winner", "points"] and len(line) == 10
    table = found["Contract table"]["tables"][0]
    assert table[0][:4] == ["declarer", "contract", "points", "game"]
    review = found["Play review"]["tables"]
    assert review[0][0] == ["item", "at the first lead", "after 27 cards"] and review[1][1][:3] == ["2", "B", "♥U"]


def test_every_games_analyses_render_as_tables(runner, tmp_path):
    from cli_support import ALTIANSZ

    files = [write(tmp_path, f"{n}.txt", text) for n, text in enumerate((ASSZORTI, ALTIANSZ))]
    page = tmp_path / "games.html"
    ok(runner.invoke(app, [*files, "--cards", "--announce", "--exchange", "--html", str(page), "--no-terminal"]))
    checked(page)
    shown = Sections()
    shown.feed(page.read_text(encoding="utf-8"))
    assert shown.sections and all(not section["facts"] for section in shown.sections)
    assert sum(bool(section["best"]) for section in shown.sections) >= 2  # the card values' best, each deal
