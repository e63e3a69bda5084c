"""Latitude/longitude to board pixels, shared by the base-map script and the renderer.

An equirectangular projection with its true scale at one latitude: the board spans only
about 23 degrees of latitude, so distortion is small and the maths stays trivial, which
matters because the base map (made once, offline) and the live drawing must agree to the
pixel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Projection:
    lon_min: float
    lon_max: float
    lat_min: float
    lat_max: float
    true_scale_lat: float
    width: int

    @classmethod
    def from_dict(cls, data: dict) -> Projection:
        return cls(
            lon_min=float(data["lon_min"]),
            lon_max=float(data["lon_max"]),
            lat_min=float(data["lat_min"]),
            lat_max=float(data["lat_max"]),
            true_scale_lat=float(data["true_scale_lat"]),
            width=int(data["width"]),
        )

    @property
    def _x_scale(self) -> float:
        return math.cos(math.radians(self.true_scale_lat))

    @property
    def pixels_per_degree(self) -> float:
        """Pixels per degree of latitude (a degree of longitude is shorter by cos(lat))."""
        return self.width / ((self.lon_max - self.lon_min) * self._x_scale)

    @property
    def height(self) -> int:
        return round((self.lat_max - self.lat_min) * self.pixels_per_degree)

    def to_pixel(self, lat: float, lon: float, scale: float = 1.0) -> tuple[float, float]:
        """Pixel (x, y) of a point; `scale` > 1 gives coordinates on a supersampled canvas."""
        k = self.pixels_per_degree * scale
        return ((lon - self.lon_min) * self._x_scale * k, (self.lat_max - lat) * k)


@dataclass(frozen=True)
class Warped:
    """A projection stretched where places crowd: x follows longitude and y latitude through
    two increasing piecewise-linear functions (knots [degree, px]), so a band of longitude or
    latitude dense with places gets more pixels and an empty one fewer, while every meridian
    stays vertical and every parallel horizontal (coasts keep their recognisable shapes).
    Used for the Alexander board, whose 139 spaces crowd the Aegean and leave Persia empty."""

    x_knots: tuple[tuple[float, float], ...]  # (lon, x), increasing
    y_knots: tuple[tuple[float, float], ...]  # (lat, y), lat increasing, y decreasing
    width: int
    height: int

    @property
    def lon_min(self) -> float:
        return self.x_knots[0][0]

    @property
    def lon_max(self) -> float:
        return self.x_knots[-1][0]

    @property
    def lat_min(self) -> float:
        return self.y_knots[0][0]

    @property
    def lat_max(self) -> float:
        return self.y_knots[-1][0]

    def to_pixel(self, lat: float, lon: float, scale: float = 1.0) -> tuple[float, float]:
        return (_interpolate(self.x_knots, lon) * scale, _interpolate(self.y_knots, lat) * scale)


def _interpolate(knots: tuple[tuple[float, float], ...], value: float) -> float:
    """Piecewise-linear through the knots, extended linearly beyond the ends."""
    lo, hi = 0, len(knots) - 1
    if value <= knots[0][0]:
        hi = 1
    elif value >= knots[-1][0]:
        lo = hi - 1
    else:
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if knots[mid][0] <= value:
                lo = mid
            else:
                hi = mid
    (a, fa), (b, fb) = knots[lo], knots[hi]
    return fa + (fb - fa) * (value - a) / (b - a)
