#define COUNT 256
