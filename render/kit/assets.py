"""The packaged font and images, loaded once per process (no system fonts: the output must
not depend on the machine)."""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from PIL import Image, ImageFont

FONT_FILE = "DejaVuSansCondensed-Bold.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The packaged bold font at `size` px, loaded once (no system fonts: output must not
    depend on the machine)."""
    data = resources.files("render").joinpath("assets", FONT_FILE).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


@cache
def asset_image(name: str) -> Image.Image:
    """A packaged image, decoded once and kept (callers must copy before drawing on it)."""
    with resources.files("render").joinpath("assets", name).open("rb") as handle:
        image = Image.open(handle)
        image.load()
    return image
