"""« Enregistrer dans la bibliothèque »: a combatant kept with everything on its sheet, from its
sheet or its row's menu; a name the library already holds is replaced only if the GM says so."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from gui.boot.i18n import message, tr
from gui.control.controller import Controller
from gui.engine.files import library
from gui.library import shelf
from gui.widgets.prompts import Prompts


def keep(controller: Controller, cid: str, prompts: Prompts) -> bool:
    """Save combatant `cid` in its ruleset's library; True when it was written."""
    c = controller.enc.combatant(cid)
    title = tr("Enregistrer dans la bibliothèque")
    try:
        lib = shelf.read(controller.enc.ruleset)
        if lib.named(c.name) is not None and not prompts.confirm(
            title,
            tr("La bibliothèque a déjà « {name} ». Le remplacer par cette fiche ?").format(
                name=c.name
            ),
            tr("Remplacer"),
        ):
            return False
        shelf.write(library.kept(lib, c))
    except shelf.LibraryProblem as exc:
        prompts.warn(title, message(exc))
        return False
    controller.message.emit(tr("« {name} » enregistré dans la bibliothèque").format(name=c.name))
    return True


def keep_actions(menu: QMenu, controller: Controller, cid: str, prompts: Prompts) -> None:
    """« Enregistrer Nom dans la bibliothèque » in a combatant's menu."""
    name = controller.enc.combatant(cid).name
    menu.addAction(
        tr("Enregistrer {name} dans la bibliothèque").format(name=name),
        lambda: keep(controller, cid, prompts),
    )
