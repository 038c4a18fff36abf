"""The benchmark's yardstick: a bare DRF endpoint that inserts one row.

``benchmarks/api.py`` measures the move path against this, on the same machine in the
same run. It is mounted only when ``DURAK_BENCHMARK_ENDPOINTS`` is on.
"""
