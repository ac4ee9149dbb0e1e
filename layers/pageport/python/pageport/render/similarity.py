"""Image similarity for comparing renders: mean SSIM over grayscale (Wang et al. 2004).

The fidelity benchmark scores renders against page screenshots with it, and the plugin's
round-trip test scores a read-back design against the result it came from.
"""

from __future__ import annotations

import io

import numpy as np
from PIL import Image


def _gauss_kernel(sigma: float = 1.5, size: int = 11) -> np.ndarray:
    x = np.arange(size) - size // 2
    k: np.ndarray = np.exp(-(x**2) / (2 * sigma**2))
    out: np.ndarray = k / k.sum()
    return out


def _filter(img: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """Separable 'valid' convolution with a symmetric kernel."""
    n = kernel.size
    h, w = img.shape
    rows = sum(kernel[i] * img[:, i : w - n + 1 + i] for i in range(n))
    out: np.ndarray = sum(kernel[i] * rows[i : h - n + 1 + i, :] for i in range(n))
    return out


def ssim(a_png: bytes, b_png: bytes) -> float:
    """Mean SSIM (Wang et al. 2004) over grayscale images, 11x11 Gaussian window, sigma 1.5."""
    a = _gray(a_png)
    b = _gray(b_png)
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    a, b = a[:h, :w], b[:h, :w]
    k = _gauss_kernel()
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = _filter(a, k), _filter(b, k)
    saa = _filter(a * a, k) - mu_a**2
    sbb = _filter(b * b, k) - mu_b**2
    sab = _filter(a * b, k) - mu_a * mu_b
    num = (2 * mu_a * mu_b + c1) * (2 * sab + c2)
    den = (mu_a**2 + mu_b**2 + c1) * (saa + sbb + c2)
    return float(np.mean(num / den))


def _gray(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as im:
        return np.asarray(im.convert("L"), dtype=np.float64)
