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

# examples ROW: calls ROW NAME DAGCC-ARGS... for each example at production sizes
examples() {
	local row=$1
	"$row" "fsdp_mlp H=8192 B=4096 DP=8" examples/fsdp_mlp.c -DH=8192 -DB=4096 -DDP=8 --target h100-8x
	"$row" "fsdp_mlp H=8192 B=4096 DP=16" examples/fsdp_mlp.c -DH=8192 -DB=4096 -DDP=16 --target h100-2x8
	"$row" "fsdp_mlp H=8192 B=16384 DP=8" examples/fsdp_mlp.c -DH=8192 -DB=16384 -DDP=8 --target h100-8x
	"$row" "tp_dp_block H=8192 TP=8 DP=2" examples/tp_dp_block.c -DH=8192 -DFF=32768 -DT=4096 -DTP=8 \
		--group-size 'b->tp=8' --group-size 'b->dp=2' --target h100-2x8
	"$row" "tp_dp_block H=4096 TP=2 DP=4" examples/tp_dp_block.c -DH=4096 -DFF=16384 -DT=4096 -DTP=2 \
		--group-size 'b->tp=2' --group-size 'b->dp=4' --target h100-8x
	"$row" "moe_layer H=4096 FF=14336 EP=8" examples/moe_layer.c -DH=4096 -DFF=14336 -DEP=8 -DCAP=512 \
		--group-size 'm->ep=8' --target h100-8x
	"$row" "ddp_backward L=24 H=2048 T=2048" examples/ddp_backward.c -DL=24 -DH=2048 -DT=2048 --target h100-8x
	"$row" "ddp_backward L=24 H=2048 T=2048 2x8" examples/ddp_backward.c -DL=24 -DH=2048 -DT=2048 \
		--target h100-2x8
	"$row" "ddp_backward L=12 H=768 T=512" examples/ddp_backward.c -DL=12 -DH=768 -DT=512 --target h100-8x
}
