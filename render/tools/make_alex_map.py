"""Generate the Alexander base map: sea, land, the 38 provinces as cells, and where each of the
139 spaces is drawn.

Run once, offline, and commit the results (render/assets/alexander_base.png,
alexander_cells.png, alexander_cells.json); the renderer never needs this script or its
dependencies:

    pip install -e ".[maps]"            # Natural Earth data + pyshp (+ numpy, which it pulls in)
    python -m render.tools.make_alex_map

Geography: the Natural Earth 1:10m land of the Byzantium board (public domain, see
make_basemap.py). The spaces crowd the Aegean and Anatolia and thin out east of the Tigris, so:
1. the projection is warped (render.projection.Warped): along each axis a degree gets pixels
   in proportion to a baseline plus the number of spaces near it (a Gaussian of `sigma`
   degrees round each), so crowded bands widen and Persia narrows while meridians stay
   vertical and parallels horizontal;
2. the spaces are pushed apart until no two are closer than `min_gap` px and no two "label
   boxes" overlap (the symbol with its name on the right, as the renderer draws them), each
   pulled weakly back to its place;
3. the land is drawn through a rubber sheet (RubberSheet): every point moved as the spaces
   near it moved (their displacements spread by a Gaussian of `sheet_sigma` px), so a port
   stays on its coast and the land between spaces pushed apart stretches.
Each province is the land reached first from one of its spaces within `reach_px`, by a
multi-source flood fill over land (make_wt_maps.flood_cells); the four islands that are no
province (Lesbos, Mytilene, Chios, Naxos) get cells of their own.

Outputs:
- alexander_base.png: sea, coast, land outside the provinces, province cells in the neutral
  fill, province borders (thicker between regions: Europe, frontier, Persian Empire);
- alexander_cells.png: 8-bit labels, 0 = no cell, 1 + i = cell i of the JSON's list, 65 + i
  its strip along the inside edge, 255 = a border pixel;
- alexander_cells.json: the warp's knots, every space's real and drawn place, every cell's
  name, kind (province or island) and bounding box.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from PIL import Image

from render.projection import Warped
from render.tools.make_basemap import LAND, compose, land_mask
from render.tools.make_wt_maps import BAND, border_masks, flood_cells, mark_band

HERE = Path(__file__).resolve().parent.parent
LAYOUT = HERE / "alexander_layout.json"
MAP = HERE.parent / "engine" / "alexander" / "map.json"
ASSETS = HERE / "assets"

SCALE = 2  # cells are traced at twice the final size, then reduced (smooth borders)
PROVINCE_FILL = (236, 226, 196)
OUTSIDE_LAND = (224, 220, 206)
BORDER = (150, 132, 108)
REGION_BORDER = (92, 74, 58)
BORDER_VALUE = 255
REGIONS = {"europe": 0, "frontier": 1, "persia": 2, "independent": 3, "island": 4}


def warp_knots(
    values: list[float],
    lo: float,
    hi: float,
    size: float,
    base: float,
    sigma: float,
    count: int,
    *,
    downwards: bool = False,
) -> tuple[tuple[float, float], ...]:
    """Knots (degree, px) of an increasing map from [lo, hi] onto [0, size]: the slope at a
    degree is `base` (per degree, scaled by the average density) plus a Gaussian of each value."""
    steps = 4000
    density = [0.0] * (steps + 1)
    mean = len(values) / (hi - lo)
    for k in range(steps + 1):
        t = lo + (hi - lo) * k / steps
        density[k] = base * mean + sum(math.exp(-((t - v) ** 2) / (2 * sigma**2)) for v in values)
    cumulative = [0.0]
    for k in range(steps):
        cumulative.append(cumulative[-1] + (density[k] + density[k + 1]) / 2)
    knots = []
    for j in range(count):
        k = round(steps * j / (count - 1))
        px = size * cumulative[k] / cumulative[-1]
        knots.append((round(lo + (hi - lo) * k / steps, 4), round(size - px if downwards else px, 2)))
    return tuple(sorted(knots))


def projection(layout: dict, spaces: list[dict]) -> Warped:
    e, w = layout["extent"], layout["warp"]
    width, height = layout["canvas"]["width"], layout["canvas"]["map_height"]
    xk = warp_knots(
        [s["lon"] for s in spaces], e["lon_min"], e["lon_max"], width, w["base"], w["sigma"], w["knots"]
    )
    yk = warp_knots(
        [s["lat"] for s in spaces],
        e["lat_min"],
        e["lat_max"],
        height,
        w["base"],
        w["sigma"],
        w["knots"],
        downwards=True,
    )
    return Warped(xk, yk, width, height)


def relax(
    points: list[tuple[float, float]],
    boxes: list[tuple[float, float, float, float]],
    gap: float,
    bounds,
    iterations: int = 1500,
):
    """Push the spaces apart until no two are closer than `gap` and no two label boxes (the
    symbol with its name beside it, relative to the point) overlap, each pulled weakly back
    to its place. Overlapping boxes are pushed apart along the axis they overlap least."""
    pts = [list(p) for p in points]
    x0, y0, x1, y1 = bounds
    n = len(pts)
    for _ in range(iterations):
        moved = False
        for i in range(n):
            for j in range(i + 1, n):
                dx, dy = pts[j][0] - pts[i][0], pts[j][1] - pts[i][1]
                if abs(dx) > 400 or abs(dy) > 100:
                    continue
                d = math.hypot(dx, dy)
                if d < gap:
                    if d < 1e-6:
                        dx, dy, d = 1.0, 0.0, 1.0
                    push = (gap - d) * 0.25
                    ux, uy = dx / d, dy / d
                    pts[i][0] -= ux * push
                    pts[i][1] -= uy * push
                    pts[j][0] += ux * push
                    pts[j][1] += uy * push
                    moved = True
                a, b = boxes[i], boxes[j]
                over_x = min(pts[i][0] + a[2], pts[j][0] + b[2]) - max(pts[i][0] + a[0], pts[j][0] + b[0])
                over_y = min(pts[i][1] + a[3], pts[j][1] + b[3]) - max(pts[i][1] + a[1], pts[j][1] + b[1])
                if over_x > 0 and over_y > 0:
                    if over_x < over_y:
                        push = over_x * 0.25 * (1 if pts[j][0] >= pts[i][0] else -1)
                        pts[i][0] -= push
                        pts[j][0] += push
                    else:
                        push = over_y * 0.25 * (1 if pts[j][1] >= pts[i][1] else -1)
                        pts[i][1] -= push
                        pts[j][1] += push
                    moved = True
        for p, (ox, oy) in zip(pts, points, strict=True):  # a weak pull home
            p[0] += (ox - p[0]) * 0.005
            p[1] += (oy - p[1]) * 0.005
            p[0] = min(max(p[0], x0), x1)
            p[1] = min(max(p[1], y0), y1)
        if not moved:
            break
    return [(round(x, 1), round(y, 1)) for x, y in pts]


def label_box(space: dict) -> tuple[float, float, float, float]:
    """Room a space needs round its point: its symbol with the ring kept round it, and its
    name (with a major city's siege modifier) on the right, as the renderer draws them."""
    from render import kit
    from render.alexander_board import RESERVE, SYMBOL_RADIUS, TREASURY_RING
    from render.alexander_geometry import NAME_SIZE, defense_size

    r = SYMBOL_RADIUS["minor_city" if space["type"] == "transit" else space["type"]] + RESERVE
    r += TREASURY_RING if space["type"] == "treasury_city" else 0
    width = kit.text_width(space["name"], NAME_SIZE) + 6
    if space["type"] in ("major_city", "treasury_city"):
        width += defense_size(space["defense"] or 0)[0] + 3
    return (-r - 2, -r - 2, r + 3 + width, r + 2)  # 2 px of slack all round


class RubberSheet:
    """The warped projection, then each point moved as the spaces near it were moved: the
    displacement of every space spread by a Gaussian of `sigma` px, so a coast moves with its
    ports and the land between spaces pushed apart stretches."""

    def __init__(
        self, base: Warped, real: list[tuple[float, float]], drawn: list[tuple[float, float]], sigma: float
    ):
        import numpy as np

        self.base = base
        self.width, self.height = base.width, base.height
        self.lon_min, self.lon_max, self.lat_min, self.lat_max = (
            base.lon_min,
            base.lon_max,
            base.lat_min,
            base.lat_max,
        )
        self._np = np
        self._real = np.array(real, dtype=float)
        self._shift = np.array(drawn, dtype=float) - self._real
        self._sigma2 = 2 * sigma * sigma

    def to_pixel(self, lat: float, lon: float, scale: float = 1.0) -> tuple[float, float]:
        np = self._np
        x, y = self.base.to_pixel(lat, lon)
        d2 = ((self._real[:, 0] - x) ** 2 + (self._real[:, 1] - y) ** 2) / self._sigma2
        w = np.exp(-np.minimum(d2, 50))
        total = w.sum()
        if total > 1e-9:
            move = (w[:, None] * self._shift).sum(axis=0) / (total + 0.02)
            x, y = x + move[0], y + move[1]
        return x * scale, y * scale


def make(layout: dict) -> None:
    import numpy as np

    data = json.loads(MAP.read_text())
    spaces = data["spaces"]
    warped = projection(layout, spaces)
    real = [warped.to_pixel(s["lat"], s["lon"]) for s in spaces]
    w, h = warped.width, warped.height
    m = layout["edge_margin"]
    boxes = [label_box(s) for s in spaces]
    drawn = relax(real, boxes, layout["min_gap"], (m, m, w - m, h - m))
    proj = RubberSheet(warped, real, drawn, layout["sheet_sigma"])

    # Cells: one label per province, then one per island that is no province.
    cells = [{"name": p["name"], "kind": "province", "region": p["region"]} for p in data["provinces"]]
    islands = [s["name"] for s in spaces if s["province"] is None and not s.get("at_sea")]
    cells += [{"name": n, "kind": "island", "region": "island"} for n in islands]
    index = {c["name"]: i for i, c in enumerate(cells)}
    seeds: list[list[tuple[float, float]]] = [[] for _ in cells]
    for s, d in zip(spaces, drawn, strict=True):
        owner = s["province"] or (s["name"] if s["name"] in index else None)
        if owner is not None:
            seeds[index[owner]].append((d[0] * SCALE, d[1] * SCALE))
    land = np.array(land_mask(proj, SCALE)) >= 128
    labels = flood_cells(np, land, seeds, layout["reach_px"] * SCALE)
    region_of = np.array(
        [-1] + [REGIONS[c["region"]] for c in cells] + [-1] * (300 - len(cells)), dtype=np.int32
    )
    thin, thick = border_masks(np, labels, region_of)
    size = (w, h)

    def reduce(mask) -> Image.Image:
        return Image.fromarray((mask * 255).astype(np.uint8)).resize(size, Image.Resampling.BOX)

    cell_alpha = reduce(labels > 0)
    thin_alpha, thick_alpha = reduce(thin), reduce(thick)
    base = compose(proj)
    base.paste(Image.new("RGB", size, OUTSIDE_LAND), mask=_colour_mask(base, LAND))
    base.paste(Image.new("RGB", size, PROVINCE_FILL), mask=cell_alpha)
    base.paste(Image.new("RGB", size, BORDER), mask=thin_alpha)
    base.paste(Image.new("RGB", size, REGION_BORDER), mask=thick_alpha)

    small = labels[::SCALE, ::SCALE].astype(np.uint8)
    lines = (np.array(thin_alpha) > 24) | (np.array(thick_alpha) > 24) | (np.array(cell_alpha) < 250)
    small[lines & (small > 0)] = BORDER_VALUE
    small = mark_band(np, small)
    for i, cell in enumerate(cells):
        ys, xs = np.nonzero((small == i + 1) | (small == i + 1 + BAND))
        cell["box"] = (
            [int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1] if len(xs) else None
        )

    sidecar = {
        "size": list(size),
        "x_knots": [list(k) for k in warped.x_knots],
        "y_knots": [list(k) for k in warped.y_knots],
        "spaces": [
            {
                "name": s["name"],
                "lat": s["lat"],
                "lon": s["lon"],
                "real": [round(r[0], 1), round(r[1], 1)],
                "at": list(d),
            }
            for s, r, d in zip(spaces, real, drawn, strict=True)
        ],
        "cells": cells,
    }
    out = base.quantize(32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out.save(ASSETS / "alexander_base.png", optimize=True)
    Image.fromarray(small, mode="L").save(ASSETS / "alexander_cells.png", optimize=True)
    (ASSETS / "alexander_cells.json").write_text(json.dumps(sidecar, ensure_ascii=False, indent=1) + "\n")
    moves = sorted(
        ((math.dist(r, d), s["name"]) for s, r, d in zip(spaces, real, drawn, strict=True)), reverse=True
    )
    print(
        f"alexander: {w}x{h}, {len(cells)} cells; spaces moved up to {moves[0][0]:.0f} px; most moved:",
        ", ".join(f"{n} {d:.0f}" for d, n in moves[:8]),
    )
    empty = [c["name"] for c in cells if c["box"] is None]
    if empty:
        print("  cells with no land:", empty)


def _colour_mask(image: Image.Image, colour) -> Image.Image:
    import numpy as np

    arr = np.asarray(image.convert("RGB")).astype(np.int16)
    close = np.abs(arr - np.array(colour, dtype=np.int16)).max(axis=2) <= 2
    return Image.fromarray((close * 255).astype(np.uint8), mode="L")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    ASSETS.mkdir(parents=True, exist_ok=True)
    make(json.loads(LAYOUT.read_text()))


if __name__ == "__main__":
    main()
