#include "dagcc.h"

DAGCC_GRAPH void step(char *a, dagcc_group *g, dagcc_stream_t s)
{
	for (int k = 1; k <= 8; k = k * 1e309)
		dagcc_send(g, a + k, 1, DAGCC_I8, 1, s);
}
