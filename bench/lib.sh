# bench/lib.sh - shared by the benchmark scripts (source it).

# best CMD...: the best wall time of 3 runs of CMD, in seconds
best() {
	local b=1e9
	for _ in 1 2 3; do
		local t0 t1
		t0=$(date +%s.%N)
		"$@" > /dev/null
		t1=$(date +%s.%N)
		b=$(python3 -c "print(min($b, $t1 - $t0))")
	done
	echo "$b"
}
