#!/usr/bin/env python3
"""
Reference figures for the statistics over puzzles and Fisher's exact test (src/core/stats/), computed
with scipy, written to test/fixtures/stats/scipy.json. The tests read that file; no Python runs at
test time.

Run from the repository root:  python3 scripts/stats-fixtures.py
Needs python3 with numpy and scipy. The committed file was made with scipy 1.17.1 and numpy 2.4.6;
the versions that made a file are recorded inside it ("scipy", "numpy").

What it holds:
- fisher: scipy.stats.fisher_exact (two-sided) on hand-picked and seeded random 2x2 tables, ties of
  probability among them (tables with equal rows), and degenerate tables (p = 1, odds ratio nan -> null).
- wilcoxon: scipy.stats.wilcoxon(x, y) with its defaults, on paired samples with and without ties and
  zero differences, n from 3 to 80 (so each of scipy's methods: exact, permutation, asymptotic).
- friedman: scipy.stats.friedmanchisquare(*settings) on tables[puzzle][setting] with k = 3..8
  settings and 3..30 puzzles, ties included, with the average ranks (1 = best = highest score).
- studentized_range: scipy.stats.studentized_range.ppf(p, k, inf) for k = 2..20, p = 0.90, 0.95, 0.99.
- normal, chi2: scipy.stats.norm.cdf / sf and scipy.stats.chi2.sf on a grid, far tails included.
- cd: the Nemenyi critical difference the way autorank forms it, q(1 - alpha, k, inf) * sqrt(k (k + 1) / (12 n)),
  for alpha 0.05 and 0.10 (q from scipy here; autorank itself takes q from statsmodels' qsturng), and the
  groups autorank's get_sorted_rank_groups draws as bars, for the Friedman tables.
"""
import json
import math
import os

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20261201)


def num(v):
    """A float for JSON: nan becomes null, infinities become strings."""
    v = float(v)
    if math.isnan(v):
        return None
    if math.isinf(v):
        return 'Infinity' if v > 0 else '-Infinity'
    return v


# ---- Fisher's exact test ----
tables = [
    [[8, 2], [1, 5]],
    [[3, 5], [5, 3]],
    [[5, 5], [5, 5]],
    [[1, 9], [10, 0]],
    [[0, 10], [10, 0]],
    [[1, 9], [9, 1]],
    [[2, 8], [8, 2]],
    [[10, 0], [10, 0]],
    [[0, 0], [3, 4]],
    [[3, 4], [0, 0]],
    [[1, 0], [0, 1]],
    [[0, 1], [1, 0]],
    [[1, 0], [1, 0]],
    [[4, 6], [6, 4]],
    [[7, 3], [3, 7]],
    [[12, 18], [18, 12]],
    [[1, 29], [10, 20]],
    [[0, 30], [30, 0]],
    [[120, 380], [150, 350]],
    [[50, 0], [0, 50]],
    [[25, 25], [24, 26]],
    [[100, 100], [130, 70]],
    [[2, 3], [3, 2]],
    [[6, 4], [4, 7]],
    [[9, 1], [10, 0]],
    # Thousands of runs: p far below the smallest double, and a tie of probability between mirror tables.
    [[4990, 10], [4, 4996]],
    [[1, 4999], [4999, 1]],
    [[2400, 2600], [2600, 2400]],
]
for _ in range(60):
    n1 = int(rng.integers(1, 60))
    n2 = n1 if rng.random() < 0.4 else int(rng.integers(1, 60))
    p1, p2 = rng.random(), rng.random()
    a = int(rng.binomial(n1, p1))
    c = int(rng.binomial(n2, p2))
    tables.append([[a, n1 - a], [c, n2 - c]])
for _ in range(10):
    n1 = int(rng.integers(100, 400))
    a = int(rng.integers(0, n1 + 1))
    c = int(rng.integers(0, n1 + 1))
    tables.append([[a, n1 - a], [c, n1 - c]])

fisher = []
for t in tables:
    r = stats.fisher_exact(t)
    fisher.append({'table': t, 'p': num(r.pvalue), 'oddsRatio': num(r.statistic)})

# ---- Wilcoxon signed-rank ----
def wcase(name, x, y):
    x = [float(v) for v in x]
    y = [float(v) for v in y]
    d = np.asarray(x) - np.asarray(y)
    if np.all(d == 0):
        return {'name': name, 'x': x, 'y': y, 'statistic': None, 'p': None, 'n': 0}
    r = stats.wilcoxon(x, y)
    return {'name': name, 'x': x, 'y': y, 'statistic': num(r.statistic), 'p': num(r.pvalue), 'n': int(np.count_nonzero(d))}


wilcoxon = [
    wcase('scipy docs: no ties', [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75], [0] * 15),
    wcase('n 3 no ties', [1, 2, 3], [0.5, 0.2, 0.1]),
    wcase('n 1', [3], [1]),
    wcase('ties n 6', [1, 2, 2, 3, 4, 5], [0, 0, 1, 1, 3, 3]),
    wcase('zeros n 8', [1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 2, 5, 1, 6, 3, 1]),
    wcase('ties and zeros n 13', [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], [1, 3, 2, 4, 3, 5, 4, 6, 5, 7, 6, 8, 10]),
    wcase('ties n 14 (asymptotic)', [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9], [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 10, 12]),
    wcase('all differences positive n 10', list(range(11, 21)), list(range(0, 10))),
    wcase('all zero', [1, 2, 3], [1, 2, 3]),
    wcase('one zero n 20 (asymptotic)', list(range(20)), [0] + [i + (1.5 if i % 3 else -2.25) for i in range(1, 20)]),
]
for n in (5, 9, 12, 20, 30, 50):
    x = np.round(rng.normal(0.3, 1, n), 4)
    y = np.round(rng.normal(0, 1, n), 4)
    wilcoxon.append(wcase(f'normal n {n} no ties', x, y))
for n in (51, 60, 80):
    x = np.round(rng.normal(0.2, 1, n), 4)
    y = np.round(rng.normal(0, 1, n), 4)
    wilcoxon.append(wcase(f'normal n {n} (asymptotic)', x, y))
for n in (7, 10, 13, 25, 50, 51, 80):
    x = rng.integers(0, 8, n)
    y = rng.integers(0, 7, n)
    wilcoxon.append(wcase(f'integer scores n {n} (ties, zeros)', x, y))
# A strongly one-sided no-tie sample: the exact p is tiny.
wilcoxon.append(wcase('n 40 all positive', [i + 0.5 for i in range(40)], [0] * 40))

# ---- Friedman, average ranks, critical difference and its groups ----
def autorank_groups(avg, cd):
    """autorank's get_sorted_rank_groups on mean ranks (ascending), as original indices."""
    order = sorted(range(len(avg)), key=lambda i: (avg[i], i))
    ranks = [avg[i] for i in order]
    groups = []
    cur_max_j = -1
    for i in range(len(ranks)):
        max_j = None
        for j in range(i + 1, len(ranks)):
            if abs(ranks[i] - ranks[j]) <= cd:
                max_j = j
        if max_j is not None and max_j > cur_max_j:
            cur_max_j = max_j
            groups.append(order[i:max_j + 1])
    return groups


def critical_difference(alpha, k, n):
    return float(stats.studentized_range.ppf(1 - alpha, k, np.inf) * np.sqrt(k * (k + 1) / (12 * n)))


friedman_tables = [
    ('demsar-like k 4 n 5', [[0.9, 0.8, 0.85, 0.7], [0.6, 0.65, 0.6, 0.5], [0.77, 0.7, 0.75, 0.71], [0.5, 0.52, 0.49, 0.4], [0.95, 0.9, 0.93, 0.9]]),
    ('all settings tied on one puzzle', [[1, 1, 1], [3, 2, 1], [2, 3, 1], [5, 4, 4]]),
]
for k in range(3, 9):
    for n in (3, 8, 30):
        shift = np.linspace(0.8, 0, k)
        if (k + n) % 2 == 0:
            t = np.round(rng.normal(shift, 1, (n, k)), 3)
        else:
            t = rng.integers(0, 4, (n, k)) + (rng.random((n, k)) < 0.3) * np.arange(k)[::-1] // 2
        friedman_tables.append((f'k {k} n {n}', t.tolist()))
for n in (10, 20):
    friedman_tables.append((f'k 6 n {n} strong effect', (np.arange(6)[::-1] * 2 + rng.normal(0, 1, (n, 6))).round(2).tolist()))

friedman = []
for name, t in friedman_tables:
    arr = np.asarray(t, dtype=float)
    n, k = arr.shape
    r = stats.friedmanchisquare(*arr.T)
    avg = [float(v) for v in np.mean([stats.rankdata(-row) for row in arr], axis=0)]
    entry = {'name': name, 'table': arr.tolist(), 'statistic': num(r.statistic), 'p': num(r.pvalue), 'averageRanks': avg}
    for alpha, key in ((0.05, '05'), (0.10, '10')):
        cd = critical_difference(alpha, k, n)
        entry[f'cd{key}'] = cd
        entry[f'groups{key}'] = autorank_groups(avg, cd)
    friedman.append(entry)

studentized = []
for k in range(2, 21):
    for p in (0.90, 0.95, 0.99):
        studentized.append({'k': k, 'p': p, 'q': float(stats.studentized_range.ppf(p, k, np.inf))})

cd = []
for k in range(2, 9):
    for n in (3, 5, 10, 30, 100):
        for alpha in (0.05, 0.10):
            cd.append({'k': k, 'n': n, 'alpha': alpha, 'cd': critical_difference(alpha, k, n)})

# The distributions under the p-values: normal tails (both, far out) and chi-square upper tails.
normal = [{'z': z, 'lower': float(stats.norm.cdf(z)), 'upper': float(stats.norm.sf(z))}
          for z in [-37.5, -30, -20, -12, -8.5, -6, -5.657, -4, -3, -2, -1.5, -0.7, -0.5, -1e-3, 0, 0.3, 0.6744, 0.675, 1, 1.96, 2.5, 3.3,
                    4.2, 5.5, 5.7, 7, 9.9, 15, 26, 37]]
chi2 = [{'x': x, 'df': df, 'sf': float(stats.chi2.sf(x, df))}
        for df in (1, 2, 3, 4, 5, 6, 7, 9, 12, 19)
        for x in (1e-6, 0.01, 0.5, 1, 2.5, 3.841458820694124, 7, 12.3, 25, 60, 150, 400)]

out = {
    'generator': 'scripts/stats-fixtures.py',
    'scipy': scipy.__version__,
    'numpy': np.__version__,
    'fisher': fisher,
    'wilcoxon': wilcoxon,
    'friedman': friedman,
    'studentizedRange': studentized,
    'cd': cd,
    'normal': normal,
    'chi2': chi2,
}
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
path = os.path.join(root, 'test', 'fixtures', 'stats', 'scipy.json')
with open(path, 'w') as f:
    json.dump(out, f, separators=(',', ':'))
    f.write('\n')
print(f'wrote {path}: {os.path.getsize(path)} bytes')
