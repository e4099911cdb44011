# shellcheck shell=sh
# Benchmark statistics and table rows. Sourced after scripts/lib.sh,
# which it needs.

# Median of the numbers on standard input, "-" if there are none.
median() {
	sort -g | awk '{ v[NR] = $1 }
		END { if (!NR) print "-"; else if (NR % 2) print v[(NR + 1) / 2];
		      else printf "%.6f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# "min..max" of the numbers on standard input, to 3 decimals, "-" if
# there are none.
spread() {
	sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 }
		END { if (NR) printf "%.3f..%.3f\n", lo, hi; else print "-" }'
}

# One row of a benchmark table: label, value, spread (the range of the
# samples the value is the median of), target and a verdict saying
# whether value meets target under comparison $1 (">=" or "<=") and, if
# not, by how much ($6 is the unit: "%" or " s"). The value is compared
# as given and shown with printf format $7 (default %.3f).
bench_row() {
	awk -v op="$1" -v label="$2" -v v="$3" -v sp="$4" -v t="$5" -v unit="$6" \
	    -v fmt="${7:-%.3f}" 'BEGIN {
		if (v == "-") verdict = "NO DATA";
		else if (t == "-") verdict = "(context)";
		else if (op == ">=" && v + 0 >= t + 0) verdict = "met";
		else if (op == "<=" && v + 0 <= t + 0) verdict = "met";
		else if (unit == "%") verdict = sprintf("MISSED by %.1f%%", (t - v) / t * 100);
		else verdict = sprintf("MISSED by %.1f%s", v - t, unit);
		shown = v == "-" ? v : sprintf(fmt, v)
		printf "%-46s %8s %-13s %7s  %s\n", label, shown, sp, (t == "-" ? "-" : op t), verdict
	}'
}
bench_header() { printf '%-46s %8s %-13s %7s  %s\n' "$1" "$2" range target verdict; }
