"""VP scales: the Gaussian scales (Probst), the WBF continuous and discrete scales, fitting K and A+."""
