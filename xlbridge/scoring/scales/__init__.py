"""VP scales: the Gaussian scales (Probst), the WBF continuous and discrete scales, K and A+."""
