// No graph here: dagcc-cc compiles it as it is, without running dagcc.
int plain(int x) { return x + 1; }
