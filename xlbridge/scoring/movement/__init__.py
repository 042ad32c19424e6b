"""Movements: Mitchells and Howells as data, built or read, and their checks and balance."""
