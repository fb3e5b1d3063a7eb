"""Render the app's SVG icon into a freedesktop icon theme folder, at the sizes the hicolor
theme wants: `python render_icons.py ICON.svg SHARE/icons/hicolor` (Qt offscreen)."""

import shutil
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SIZES = (16, 32, 48, 64, 128, 256)


def render(svg: Path, hicolor: Path) -> None:
    """One PNG per size in <size>x<size>/apps/, and the SVG itself in scalable/apps/."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        renderer.render(painter)
        painter.end()
        target = hicolor / f"{size}x{size}" / "apps" / f"{svg.stem}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target)):
            raise SystemExit(f"{target}: cannot write")
    scalable = hicolor / "scalable" / "apps"
    scalable.mkdir(parents=True, exist_ok=True)
    shutil.copy(svg, scalable / svg.name)


if __name__ == "__main__":
    app = QGuiApplication(sys.argv[:1])  # QPainter needs one, even on a QImage
    render(Path(sys.argv[1]), Path(sys.argv[2]))
