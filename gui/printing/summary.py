"""The printable encounter summary as HTML: header, map, roster by side, turn order, log."""

from __future__ import annotations

import html
import textwrap
from collections.abc import Mapping
from datetime import datetime
from html import escape

from msgspec import Struct, field

from gui.boot.i18n import either, language, logged, pick, tr
from gui.engine.contract.base import Ruleset
from gui.engine.edits import visibility
from gui.engine.state.model import Combatant, Encounter, Track
from gui.engine.state.schema import FieldSpec
from gui.engine.turns import current_entry
from gui.models import round_text

LOG_LINES = 15
SHORT_TEXT = 40  # a text field at most this long fits a roster column
HEAD_CHARS = 12  # a roster column's header is wrapped at this many characters
MAP_WIDTH = 680  # px: A4's width inside 15 mm margins, at 96 px per inch

# Qt's rich text reads a subset of CSS and ignores the rest; browsers read all of it.
_STYLE = """
body { font-family: 'DejaVu Sans', 'Segoe UI', Arial, sans-serif; font-size: 12px; color: #000; }
h1 { font-size: 20px; margin: 0 0 2px 0; }
h2 { font-size: 14px; margin: 12px 0 4px 0; border-bottom: 1px solid #888; }
p { margin: 0 0 4px 0; }
table { border-collapse: collapse; width: 100%; margin-bottom: 8px; }
th, td { border: 1px solid #999; padding: 2px 4px; vertical-align: top; }
th { background-color: #eee; font-size: 9px; text-align: left; font-weight: bold; }
tr { page-break-inside: avoid; break-inside: avoid; }
tr.side td { background-color: #f3f3f3; font-weight: bold; }
table.sheet { margin: 0; }
table.sheet td { border: none; padding: 0 3px 0 0; font-size: 10px; }
table.sheet td.label { color: #444; }
table.sheet td.value { font-weight: bold; }
.meta, .small { color: #444; }
.small { font-size: 10px; }
.num, .nowrap { white-space: nowrap; }
.num { text-align: right; }
.map { text-align: center; }
img { max-width: 100%; height: auto; }
"""


class Paging(Struct):
    """Where a table is cut so that no row straddles two pages (whole_rows.py): the keys
    (« roster:3 », the table's name and the row's index) of the rows that begin a page, and,
    once the HTML is made, each table's row keys in the order the tables come."""

    breaks: frozenset[str] = frozenset()
    tables: list[list[str]] = field(default_factory=list)
    with_next: set[str] = field(default_factory=set)  # a side's row, kept with its first member


def summary_html(
    enc: Encounter,
    ruleset: Ruleset,
    map_image_name: str | None = "map.png",
    *,
    map_width: int = MAP_WIDTH,
    printed: datetime | None = None,
    players: bool = False,
    paging: Paging | None = None,
) -> str:
    """A printable summary of the encounter in the interface's language, every user text
    escaped.

    `map_image_name` is the map picture's resource name or URL (None: no map section),
    shown `map_width` pixels wide; `printed` is the date shown (now by default).
    `players`: the players' version (of players_copy.players_copy): a foe's row gives its
    condition in words, not its numbers, and the log what was done, not how it came out.
    `paging`: the rows a page begins with (each table cut there); it receives the tables'
    row keys.
    """
    paging = paging if paging is not None else Paging()
    body = [_header(enc, ruleset, printed or datetime.now())]
    if map_image_name is not None:
        img = f'<img src="{escape(map_image_name)}" width="{map_width}">'
        heading = tr("Carte du terrain")  # not inside the f-string: lupdate would miss it
        body.append(f'<h2>{heading}</h2><p class="map">{img}</p>')
    body += [
        _roster(enc, ruleset, players, paging),
        _order(enc, ruleset, paging),
        _log(enc, players, paging),
    ]
    return (
        f'<!DOCTYPE html>\n<html lang="{language()}"><head><meta charset="utf-8">'
        f"<title>{escape(enc.name)}</title><style>{_STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>\n"
    )


def _header(enc: Encounter, ruleset: Ruleset, printed: datetime) -> str:
    if enc.turn.round:
        acting = current_entry(enc.turn)
        if acting is None:
            state = round_text(enc, ruleset)
        else:
            name = _unit_names(enc, acting.members)
            state = tr("{round} — au tour de {name}").format(
                round=round_text(enc, ruleset), name=name
            )
    else:
        state = tr("Combat non commencé")
    date = tr("imprimé le {date} à {time}").format(
        date=printed.strftime("%d/%m/%Y"), time=printed.strftime("%H:%M")
    )
    meta = " · ".join([escape(pick(ruleset.data.name)), escape(state), date])
    notes = f'<p class="small">{escape(enc.notes)}</p>' if enc.notes else ""
    return f'<h1>{escape(enc.name)}</h1><p class="meta">{meta}</p>{notes}'


def _unit_names(enc: Encounter, members: list[str]) -> str:
    names = {c.id: c.name for c in enc.combatants}
    return ", ".join(names.get(m, m) for m in members)


MAX_STAT_COLUMNS = 7  # beyond this, a portrait A4 page squeezes the names


def _is_key_stat(spec: FieldSpec) -> bool:
    """Numbers and dice always fit a column; text only when it is short."""
    return spec.kind in ("int", "float", "dice") or (
        spec.kind == "text" and spec.max_length <= SHORT_TEXT
    )


def _cell(value: object) -> str:
    if value is None or value == "":
        return "—"
    return escape(f"{value:g}" if isinstance(value, float) else str(value))


def _boxes(track: Track, kinds: int, glyphs: Mapping[str, str]) -> str:
    """Boxes in groups of five ("■■□□□ □"); the marks follow when the track has several
    kinds, unless the ruleset draws each mark with its own glyph ("✱X□□□")."""
    boxes = "".join((glyphs.get(m, m) if glyphs else "■") if m else "□" for m in track.marks)
    groups = escape(" ".join(boxes[i : i + 5] for i in range(0, len(boxes), 5)))
    marks = " ".join(m for m in track.marks if m)
    if kinds > 1 and marks and not glyphs:
        return f'{groups} <span class="small">{escape(marks)}</span>'
    return groups


def _roster(enc: Encounter, ruleset: Ruleset, players: bool, paging: Paging) -> str:
    stats = [
        f
        for f in ruleset.data.fields
        if _is_key_stat(f) and any(f.key in c.stats for c in enc.combatants)
    ]
    specs = {t.key: t for t in ruleset.data.tracks}
    track_keys = list(dict.fromkeys(k for c in enc.combatants for k in c.tracks))
    compact = len(stats) > MAX_STAT_COLUMNS  # too many to fit A4: one "Fiche" column
    heads = [_th(tr("Nom"), 20 if compact else 0)]
    heads += [_th(tr("Fiche"))] if compact else [_column_head(pick(f.label)) for f in stats]
    heads += [_column_head(pick(specs[k].label) if k in specs else k) for k in track_keys]
    heads.append(_th(tr("États")))
    kinds = {k: len(specs[k].marks) if k in specs else 2 for k in track_keys}
    rows = []
    for side in enc.sides:
        members = [c for c in enc.combatants if c.side == side.id]
        if not members:
            continue
        swatch = f'<span style="color:{side.colour}">■</span> {escape(side.name)}'
        resources = [
            f"{escape(pick(spec.label) if spec else key)} {value}"
            for key, value in side.resources.items()
            for spec in [ruleset.data.resource(key)]
        ]
        if resources:
            swatch += f' <span class="small">— {" · ".join(resources)}</span>'
        paging.with_next.add(f"roster:{len(rows)}")
        rows.append(f'<tr class="side"><td colspan="{len(heads)}">{swatch}</td></tr>')
        for c in members:
            if players and not visibility.players_own(enc, c):
                words = ruleset.public_condition(enc, c)
                said = escape(pick(words)) if words is not None else ""
                blank = "<td></td>" * (len(heads) - 2)
                rows.append(f"<tr><td><b>{escape(c.name)}</b></td>{blank}<td>{said}</td></tr>")
            else:
                rows.append(_roster_row(enc, ruleset, c, stats, track_keys, kinds, compact))
    heading = tr("Combattants")
    return f"<h2>{heading}</h2>" + _table("roster", heads, rows, paging)


def _roster_row(
    enc: Encounter,
    ruleset: Ruleset,
    c: Combatant,
    stats: list[FieldSpec],
    keys: list[str],
    kinds: dict[str, int],
    compact: bool,
) -> str:
    chosen = _chosen(ruleset, c)
    under = f'<br><span class="small">{chosen}</span>' if chosen else ""
    cells = [f"<td><b>{escape(c.name)}</b>{under}</td>"]
    if compact:
        cells.append(f"<td>{_sheet_table(enc, ruleset, c, stats)}</td>")
    else:
        cells += [f'<td class="num">{_cell(c.stats.get(f.key))}</td>' for f in stats]
    for k in keys:
        view = ruleset.track_view(enc, c, k)
        glyphs = view.glyphs if view else {}
        cells.append(
            f"<td>{_boxes(c.tracks[k], kinds[k], glyphs)}</td>" if k in c.tracks else "<td></td>"
        )
    badges = "<br>".join(escape(pick(b)) for b in ruleset.badge_labels(enc, c))
    cells.append(f"<td>{badges}</td>")
    return f"<tr>{''.join(cells)}</tr>"


def _chosen(ruleset: Ruleset, c: Combatant) -> str:
    """The sheet's choices away from their defaults (« Taille : Grande »), which no column
    shows."""
    return " · ".join(
        f"{escape(pick(spec.label))} : {escape(pick(choice.label))}"
        for spec in ruleset.data.fields
        if spec.kind == "choice" and c.stats.get(spec.key) not in (None, spec.default)
        for choice in spec.choices
        if choice.value == c.stats.get(spec.key)
    )


SHEET_PAIRS = 3  # label and value pairs on a row of a printed sheet's small table
SHORT_VALUE = 10  # characters: a longer value (« Squelette humain ») has a row of its own
LABEL_WIDTH, VALUE_WIDTH = ' width="20%"', ' width="13%"'  # so the pairs line up in columns


def _sheet_pairs(
    enc: Encounter, ruleset: Ruleset, c: Combatant, stats: list[FieldSpec]
) -> list[tuple[str, str]]:
    """What the sheet holds away from its defaults, escaped (label, value): the stats whose
    value is not the ruleset's default (no row of zeros), then the computed values
    (« Parade 2 », « Endurance 3(1) »)."""
    pairs = [
        (escape(pick(f.label)), _cell(c.stats[f.key]))
        for f in stats
        if c.stats.get(f.key) not in (None, "", f.default)
    ]
    pairs += [
        (
            escape(either(t.label, t.label_en or t.label)),
            escape(either(str(t.value), t.value_en or str(t.value))),
        )
        for t in ruleset.derived(enc, c)
        if isinstance(t.value, str)
    ]
    return pairs


def _sheet_table(enc: Encounter, ruleset: Ruleset, c: Combatant, stats: list[FieldSpec]) -> str:
    """A sheet too wide for columns, as a small table of its non-default fields, SHEET_PAIRS
    label–value pairs a row, then a row for each long value and each table field that holds
    something (« Armes : Arbalète, Hache »), so the printed sheet is enough at the table."""
    pairs = _sheet_pairs(enc, ruleset, c, stats)
    short = [(label, value) for label, value in pairs if len(html.unescape(value)) <= SHORT_VALUE]
    rows = []
    for i in range(0, len(short), SHEET_PAIRS):
        chunk = short[i : i + SHEET_PAIRS]
        cells = "".join(
            f'<td class="label"{LABEL_WIDTH}>{label}</td>'
            f'<td class="value"{VALUE_WIDTH}>{value}</td>'
            for label, value in chunk
        )
        rows.append(f"<tr>{cells}{'<td></td><td></td>' * (SHEET_PAIRS - len(chunk))}</tr>")
    long = [(label, value) for label, value in pairs if len(html.unescape(value)) > SHORT_VALUE]
    for spec in ruleset.data.fields:  # a table field's rows by name
        held = c.stats.get(spec.key)
        if spec.kind == "table" and isinstance(held, list) and held:
            names = ", ".join(str(r.get("nom", "?")) for r in held if isinstance(r, dict))
            long.append((escape(pick(spec.label)), escape(names)))
    rows += [
        f'<tr><td class="label">{label}</td>'
        f'<td class="value" colspan="{2 * SHEET_PAIRS - 1}">{value}</td></tr>'
        for label, value in long
    ]
    if not rows:
        return ""
    return (
        '<table class="sheet" width="100%" cellspacing="0" cellpadding="1" border="0">'
        f"{''.join(rows)}</table>"
    )


def _column_head(label: str) -> str:
    """A stat's header cell, its label on short lines so that the column stays narrow.

    Qt would otherwise break a long label inside a word ("Modificateu-r").
    """
    width = max(HEAD_CHARS, *(len(w) for w in label.split()))
    lines = textwrap.wrap(label, width, break_long_words=False) or [label]
    return _th("<br>".join(escape(line) for line in lines))


def _th(label: str, percent: int = 0) -> str:
    """A header cell, never wrapped; `percent` fixes its column's share of the page width."""
    width = f' width="{percent}%"' if percent else ""
    return f'<th class="nowrap"{width}>{label}</th>'


def _table(name: str, heads: list[str], rows: list[str], paging: Paging) -> str:
    """The rows under their header; cut before each row `paging` says begins a page (the
    header again on top, a page break before: Qt's rich text splits a long row across
    pages, and honours no « page-break-inside »). The keys go to `paging.tables`."""
    head = f"<thead><tr>{''.join(heads)}</tr></thead>"
    keys = [f"{name}:{i}" for i in range(len(rows))]
    starts = [0] + [i for i, key in enumerate(keys) if i and key in paging.breaks]
    out = []
    for start, end in zip(starts, [*starts[1:], len(rows)], strict=True):
        paging.tables.append(keys[start:end])
        broken = bool(rows) and keys[start] in paging.breaks
        style = ' style="page-break-before: always"' if broken else ""
        out.append(
            f'<table width="100%" cellspacing="0" cellpadding="3" border="1"{style}>'
            f"{head}<tbody>{''.join(rows[start:end])}</tbody></table>"
        )
    return "".join(out)


def _order(enc: Encounter, ruleset: Ruleset, paging: Paging) -> str:
    heading = tr("Ordre du tour")
    title = f"<h2>{heading}</h2>"
    if not enc.turn.order:
        return title + "<p>" + tr("Combat non commencé : pas encore d’ordre du tour.") + "</p>"
    sides = {s.id: s.name for s in enc.sides}
    mode = ruleset.turn_mode(enc)
    rows = []
    for i, entry in enumerate(enc.turn.order):
        status = [pick(label) for label in mode.status(enc.turn, entry)]
        initiative = pick(mode.initiative_text(enc, entry)) or "—"
        cells = [
            f"▶ {i + 1}" if i == enc.turn.current else str(i + 1),
            f"<b>{escape(_unit_names(enc, entry.members))}</b>",
            escape(sides.get(entry.side, entry.side)),
            initiative,
            escape(", ".join(status)),
        ]
        rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    heads = [_th("#", 5), _th(tr("Combattant"), 30), _th(tr("Camp"), 22), _th(tr("Initiative"), 10)]
    heads.append(_th(tr("Statut")))
    return title + _table("order", heads, rows, paging)


def _log(enc: Encounter, players: bool, paging: Paging) -> str:
    title = tr("Journal")
    if len(enc.log) > LOG_LINES:
        title += " " + tr("({shown} dernières lignes sur {total})").format(
            shown=LOG_LINES, total=len(enc.log)
        )
    if not enc.log:
        return f"<h2>{title}</h2><p>" + tr("Journal vide.") + "</p>"
    rows = []
    for entry in enc.log[-LOG_LINES:]:
        said, breakdown, result = logged(entry)
        action = f"<b>{escape(said)}</b>"
        if entry.actor:
            who = _unit_names(enc, [entry.actor])
            if entry.target:
                who += " → " + _unit_names(enc, [entry.target])
            action += f'<br><span class="small">{escape(who)}</span>'
        if players:  # what was done, not how it came out
            rows.append(f"<tr><td>{entry.round}</td><td>{action}</td></tr>")
            continue
        details = list(breakdown)
        if entry.dice:
            details.append(tr("dés : {faces}").format(faces=", ".join(map(str, entry.dice))))
        outcome = escape(result)
        if details:
            outcome += f'<br><span class="small">{escape(" · ".join(details))}</span>'
        rows.append(f"<tr><td>{entry.round}</td><td>{action}</td><td>{outcome}</td></tr>")
    heads = [_th(tr("Round"), 6), _th(tr("Action"), 30)]
    if not players:
        heads.append(_th(tr("Résultat")))
    return f"<h2>{title}</h2>" + _table("log", heads, rows, paging)
