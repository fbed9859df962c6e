"""Print the Stirling-series remainders used by src/binomial-half.ts.

stirlerr(k) = ln(k!) - (k + 1/2) ln(k) + k - ln(sqrt(2 pi)), evaluated with 60-digit decimals and
rounded once to the nearest double (Python's float() of a Decimal is correctly rounded).

Regenerate: python3 packages/stats/scripts/stirling-table.py
"""
from decimal import Decimal, getcontext
import math

getcontext().prec = 60
PI = Decimal("3.14159265358979323846264338327950288419716939937510582097494459")
HALF_LOG_2PI = (2 * PI).ln() / 2

for k in range(1, 16):
    value = Decimal(math.factorial(k)).ln() - (Decimal(k) + Decimal("0.5")) * Decimal(k).ln() + k - HALF_LOG_2PI
    print(f"  {float(value)!r}, // k = {k}")
