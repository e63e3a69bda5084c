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
