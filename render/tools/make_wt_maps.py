"""Generate the three Warriors & Traders base maps: sea, land, province cells and borders.

Run once, offline, and commit the results (render/assets/wt_<map>_base.png, wt_<map>_cells.png,
wt_<map>_cells.json); the renderer never needs this script or its dependencies:

    pip install -e ".[maps]"            # Natural Earth data + pyshp (+ numpy, which it pulls in)
    python -m render.tools.make_wt_maps [west east italy]

Geography: the same Natural Earth 1:10m land as the Byzantium board (see make_basemap.py).
Provinces: the rulebook gives no shapes, only a centre (lat/lon in engine/warriors_traders/maps)
and the borders. Each province becomes a cell: its centre is projected (equirectangular, the
extent in render/warriors_traders_layout.json), centres closer than the layout's `min_gap`
pixels are pushed apart (a few dense spots: the Low Countries, Milano and Como), and every
land pixel within `reach_deg` of a centre goes to the province that reaches it first over land
from its real or its drawn centre (a multi-source flood fill), so a cell never jumps a strait,
holds both the real place and the drawn pieces, and land far from every province stays
neutral. Borders between cells are traced (thick between nations, thin inside one).
The renderer draws every border of the rules as a line between the two centres; those whose
line runs mostly over sea are listed in the JSON as `links` (drawn dotted, a sea crossing).

Outputs per map:
- wt_<map>_base.png: the neutral map (sea, coast, neutral land, province cells, borders);
- wt_<map>_cells.png: 8-bit labels, 0 = not a province, 1 + i = province i of the JSON's
  list, 65 + i = its strip along the cell's inside edge, 255 = a border pixel (never tinted);
- wt_<map>_cells.json: province names, real and drawn centres, bounding boxes, links.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from PIL import Image

from render.projection import Projection
from render.tools.make_basemap import LAND, compose, land_mask

HERE = Path(__file__).resolve().parent.parent
LAYOUT = HERE / "warriors_traders_layout.json"
MAPS_DIR = HERE.parent / "engine" / "warriors_traders" / "maps"
ASSETS = HERE / "assets"

SCALE = 2  # cells are traced at twice the final size, then reduced (smooth borders)
PROVINCE_FILL = (236, 224, 190)  # an unowned province (the renderer tints owned ones)
OUTSIDE_LAND = (222, 220, 210)  # land that belongs to no province
BORDER = (164, 150, 128)  # inside a nation: light, the lines between centres are the rules
NATION_BORDER = (104, 86, 70)
BORDER_VALUE = 255
BAND = 64  # label + BAND: the strip along a cell's inside edge (drawn in the holder's full colour)
BAND_WIDTH = 5


def mark_band(np, small):
    """Add BAND to every province pixel within BAND_WIDTH of a pixel of another value."""
    h, w = small.shape
    near = np.zeros((h, w), dtype=bool)
    r = BAND_WIDTH
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if dx * dx + dy * dy > r * r or (dx, dy) == (0, 0):
                continue
            shifted = np.zeros_like(small)
            shifted[max(dy, 0): h + min(dy, 0), max(dx, 0): w + min(dx, 0)] = small[max(-dy, 0): h + min(-dy, 0),
                                                                                  max(-dx, 0): w + min(-dx, 0)]
            near |= shifted != small
    inside = (small > 0) & (small < BAND)
    small = small.copy()
    small[inside & near] += BAND
    return small


def relax(points: list[tuple[float, float]], gap: float, bounds: tuple[float, float, float, float]):
    """Push points closer than `gap` apart, each keeping as near its real place as it can."""
    pts = [list(p) for p in points]
    x0, y0, x1, y1 = bounds
    for _ in range(400):
        moved = False
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                dx, dy = pts[j][0] - pts[i][0], pts[j][1] - pts[i][1]
                d = math.hypot(dx, dy)
                if d >= gap:
                    continue
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (gap - d) / 2 * 0.5
                ux, uy = dx / d, dy / d
                pts[i][0] -= ux * push
                pts[i][1] -= uy * push
                pts[j][0] += ux * push
                pts[j][1] += uy * push
                moved = True
        for p, (ox, oy) in zip(pts, points, strict=True):  # a weak pull home
            p[0] += (ox - p[0]) * 0.02
            p[1] += (oy - p[1]) * 0.02
            p[0] = min(max(p[0], x0), x1)
            p[1] = min(max(p[1], y0), y1)
        if not moved:
            break
    return [(round(x, 1), round(y, 1)) for x, y in pts]


def flood_cells(np, land, seeds: list[list[tuple[float, float]]], reach: int):
    """Labels (1 + index) for every land pixel within `reach` steps over land of a seed.
    Each province has two seeds, its real centre and its drawn one: the cell covers the real
    land and reaches the place where its pieces are drawn."""
    h, w = land.shape
    labels = np.zeros((h, w), dtype=np.uint8)
    yy, xx = np.mgrid[0:h, 0:w]
    for i, points in enumerate(seeds):
        discs = [(xx - sx) ** 2 + (yy - sy) ** 2 <= (4 * SCALE) ** 2 for sx, sy in points]
        wet = [not (disc & land).any() for disc in discs]
        if all(wet):
            # A centre just off the coast (a small island the data rounds away): the nearest
            # land within reach seeds it; failing that, the disc itself becomes land.
            sx, sy = points[0]
            near = land & ((xx - sx) ** 2 + (yy - sy) ** 2 <= (30 * SCALE) ** 2)
            disc = discs[0]
            if near.any():
                d = np.where(near, (xx - sx) ** 2 + (yy - sy) ** 2, 1 << 40)
                ny, nx = np.unravel_index(int(d.argmin()), d.shape)
                disc = (xx - nx) ** 2 + (yy - ny) ** 2 <= (4 * SCALE) ** 2
            land |= disc
            discs = [disc]
        for disc in discs:
            labels[disc & land & (labels == 0)] = i + 1
    four = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    eight = four + [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    free = (labels == 0) & land
    for step in range(reach):
        if not free.any():
            break
        snap = labels.copy()  # every direction grows from the same front: one pixel a step
        for dy, dx in eight if step % 2 else four:
            dst = (slice(max(dy, 0), h + min(dy, 0)), slice(max(dx, 0), w + min(dx, 0)))
            src = (slice(max(-dy, 0), h + min(-dy, 0)), slice(max(-dx, 0), w + min(-dx, 0)))
            cand = snap[src]
            take = free[dst] & (cand > 0)
            labels[dst][take] = cand[take]
            free[dst] &= ~take
    return labels


def border_masks(np, labels, nation_of):
    """(thin, thick) boolean masks: pixels near a change of province / of nation or coast."""
    h, w = labels.shape
    nations = nation_of[labels]
    thin = np.zeros((h, w), dtype=bool)
    thick = np.zeros((h, w), dtype=bool)
    for r, mask, values in ((2, thin, labels.astype(np.int32)), (4, thick, nations)):
        for dy in range(-r, r + 1):
            for dx in range(-r, r + 1):
                if dx * dx + dy * dy > r * r or (dx, dy) == (0, 0):
                    continue
                shifted = np.full_like(values, -1)
                ys = slice(max(dy, 0), h + min(dy, 0))
                yd = slice(max(-dy, 0), h + min(-dy, 0))
                xs = slice(max(dx, 0), w + min(dx, 0))
                xd = slice(max(-dx, 0), w + min(-dx, 0))
                shifted[ys, xs] = values[yd, xd]
                # Only inside provinces: a cell's edge on the sea is the coastline already.
                differ = (values != shifted) & (labels > 0) & (shifted >= 0)
                if mask is thick:
                    differ &= nation_of[np.clip(shifted, 0, None)] >= 0
                mask |= differ
    return thin & ~thick, thick


def make(map_id: str, layout: dict) -> None:
    import numpy as np

    spec = layout["maps"][map_id]
    proj = Projection.from_dict(spec["projection"])
    data = json.loads((MAPS_DIR / f"{map_id}.json").read_text())
    provinces = data["provinces"]
    names = [p["name"] for p in provinces]
    real = [proj.to_pixel(p["lat"], p["lon"]) for p in provinces]
    margin = 40
    drawn = relax(real, spec["min_gap"], (margin, margin, proj.width - margin, proj.height - margin))

    land = np.array(land_mask(proj, SCALE)) >= 128
    seeds = [[(rx * SCALE, ry * SCALE), (dx * SCALE, dy * SCALE)] for (rx, ry), (dx, dy) in zip(real, drawn, strict=True)]
    reach = round(spec["reach_deg"] * proj.pixels_per_degree * SCALE)
    labels = flood_cells(np, land, seeds, reach)

    nation_ids = {n["id"]: i for i, n in enumerate(data["nations"])}
    # -1: outside any province (no border traced against it); contested cells are their own
    # "nation", so their edges are drawn thick like the nations'.
    nation_of = np.array(
        [-1] + [nation_ids[p["nation"]] if p["nation"] else 100 + i for i, p in enumerate(provinces)] + [-1] * 300,
        dtype=np.int32,
    )
    thin, thick = border_masks(np, labels, nation_of)

    size = (proj.width, proj.height)

    def reduce(mask) -> Image.Image:
        return Image.fromarray((mask * 255).astype(np.uint8)).resize(size, Image.Resampling.BOX)

    province_alpha = reduce(labels > 0)
    thin_alpha, thick_alpha = reduce(thin), reduce(thick)
    base = compose(proj)
    base.paste(Image.new("RGB", size, OUTSIDE_LAND), mask=_colour_mask(base, LAND))
    base.paste(Image.new("RGB", size, PROVINCE_FILL), mask=province_alpha)
    base.paste(Image.new("RGB", size, BORDER), mask=thin_alpha)
    base.paste(Image.new("RGB", size, NATION_BORDER), mask=thick_alpha)

    small = labels[::SCALE, ::SCALE].astype(np.uint8)
    lines = (np.array(thin_alpha) > 24) | (np.array(thick_alpha) > 24) | (np.array(province_alpha) < 250)
    small[lines & (small > 0)] = BORDER_VALUE
    small = mark_band(np, small)
    cells = Image.fromarray(small, mode="L")

    # A border whose straight line between the drawn centres runs mostly over sea is drawn
    # as a sea crossing; every other border as a land border.
    land1 = np.array(land_mask(proj, 1)) >= 128
    links = []
    for a, b in sorted(sorted(pair) for pair in {frozenset(pair) for pair in (tuple(x) for x in data["borders"])}):
        (xa, ya), (xb, yb) = drawn[names.index(a)], drawn[names.index(b)]
        samples = 60
        wet = 0
        for k in range(samples + 1):
            x = round(xa + (xb - xa) * k / samples)
            y = round(ya + (yb - ya) * k / samples)
            wet += not land1[min(max(y, 0), size[1] - 1), min(max(x, 0), size[0] - 1)]
        if wet > samples * 0.3:
            links.append([a, b])
    touching = set()
    lab = labels
    for a, b in ((lab[:, :-1], lab[:, 1:]), (lab[:-1, :], lab[1:, :])):
        pairs = np.unique(np.stack([a.ravel(), b.ravel()], axis=1), axis=0)
        for x, y in pairs:
            if x > 0 and y > 0 and x != y:
                touching.add(frozenset((names[x - 1], names[y - 1])))
    borders = {frozenset(pair) for pair in (tuple(b) for b in data["borders"])}
    false_touch = sorted(sorted(pair) for pair in touching - borders)

    boxes = {}
    for i, name in enumerate(names):
        ys, xs = np.nonzero((small == i + 1) | (small == i + 1 + BAND))
        boxes[name] = [int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1] if len(xs) else None

    sidecar = {
        "map": map_id,
        "size": list(size),
        "provinces": [
            {"name": n, "lat": p["lat"], "lon": p["lon"], "real": [round(r[0], 1), round(r[1], 1)], "at": list(d),
             "box": boxes[n]}
            for n, p, r, d in zip(names, provinces, real, drawn, strict=True)
        ],
        "links": links,
        "touching_not_bordering": false_touch,
    }
    out = base.quantize(32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    out.save(ASSETS / f"wt_{map_id}_base.png", optimize=True)
    cells.save(ASSETS / f"wt_{map_id}_cells.png", optimize=True)
    (ASSETS / f"wt_{map_id}_cells.json").write_text(json.dumps(sidecar, ensure_ascii=False, indent=1) + "\n")
    moved = max(math.dist(r, d) for r, d in zip(real, drawn, strict=True))
    print(f"{map_id}: {size[0]}x{size[1]}, {len(links)} sea links, {len(false_touch)} touching but not bordering, "
          f"centres moved up to {moved:.0f} px")
    print("  sea links:", links)
    print("  touching, not bordering:", false_touch)


def _colour_mask(image: Image.Image, colour) -> Image.Image:
    import numpy as np

    arr = np.asarray(image.convert("RGB")).astype(np.int16)
    close = np.abs(arr - np.array(colour, dtype=np.int16)).max(axis=2) <= 2
    return Image.fromarray((close * 255).astype(np.uint8), mode="L")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*", default=["west", "east", "italy"])
    args = parser.parse_args(argv)
    layout = json.loads(LAYOUT.read_text())
    ASSETS.mkdir(parents=True, exist_ok=True)
    for map_id in args.maps:
        make(map_id, layout)


if __name__ == "__main__":
    main()
