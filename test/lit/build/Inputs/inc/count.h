#undef COUNT
#define COUNT 256
