/* dagcc.h - the dagcc DSL and setup API.
 *
 * A program written against this header is plain C: built without dagcc it runs correctly, in
 * program order. dagcc reads the annotations below (they expand to clang annotate attributes when
 * the compiler is clang, which is how libclang parses, and to nothing elsewhere) and rewrites each
 * DAGCC_GRAPH body so collectives overlap compute. See DESIGN.md for the whole contract. */
#ifndef DAGCC_H
#define DAGCC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__clang__)
#define DAGCC_ANNOTATE_(s) __attribute__((annotate(s)))
#else
#define DAGCC_ANNOTATE_(s)
#endif

/* On a function definition: its body is a graph region. */
#define DAGCC_GRAPH DAGCC_ANNOTATE_("dagcc.graph")
/* On a compute function declaration: its cost, as `flops = e, bytes = e, us = e` (any subset),
 * and the dtype its arithmetic runs in, `dtype = bf16` (f32 f16 bf16 f64 i8 u8 i32 i64; without
 * it, the pointer parameters' element types tell). Macros in the expressions are expanded first,
 * as everywhere else in C. */
#define DAGCC_STRING_(...) #__VA_ARGS__
#define DAGCC_EXPAND_STRING_(...) DAGCC_STRING_(__VA_ARGS__)
#define DAGCC_COMPUTE(...) DAGCC_ANNOTATE_("dagcc.compute:" DAGCC_EXPAND_STRING_(__VA_ARGS__))
/* On a compute function's pointer parameters: how the function accesses the memory. Without
 * an extent dagcc takes the access to run from the pointer to the end of its buffer. */
#define DAGCC_IN DAGCC_ANNOTATE_("dagcc.in")
#define DAGCC_OUT DAGCC_ANNOTATE_("dagcc.out")
#define DAGCC_INOUT DAGCC_ANNOTATE_("dagcc.inout")
/* The same with a declared extent: the elements (of the parameter's pointee type; bytes for
 * void *) the function touches from the pointer on, as an expression of its parameters in the
 * grammar of the cost terms: DAGCC_IN_N(m * k) const float *x. */
#define DAGCC_IN_N(...) DAGCC_ANNOTATE_("dagcc.in:" DAGCC_EXPAND_STRING_(__VA_ARGS__))
#define DAGCC_OUT_N(...) DAGCC_ANNOTATE_("dagcc.out:" DAGCC_EXPAND_STRING_(__VA_ARGS__))
#define DAGCC_INOUT_N(...) DAGCC_ANNOTATE_("dagcc.inout:" DAGCC_EXPAND_STRING_(__VA_ARGS__))

/* A stream. It is the same type as cudaStream_t, so CUDA kernels take it as it is; the mpi
 * backend gives it its own meaning. */
typedef struct CUstream_st *dagcc_stream_t;

typedef struct dagcc_group dagcc_group;

typedef enum dagcc_dtype {
	DAGCC_F32,
	DAGCC_F16,
	DAGCC_BF16,
	DAGCC_F64,
	DAGCC_I8,
	DAGCC_U8,
	DAGCC_I32,
	DAGCC_I64,
} dagcc_dtype;

typedef enum dagcc_op {
	DAGCC_SUM,
	DAGCC_PROD,
	DAGCC_MAX,
	DAGCC_MIN,
	DAGCC_AVG,
} dagcc_op;

/* Setup, outside graphs. dagcc_init, dagcc_finalize and dagcc_group_split are also macros
 * that pass the caller's file and line to the _loc form, which their errors and timeouts name
 * (a rank that never comes to one is reported at the line where the others wait). */
int dagcc_init(int *argc, char ***argv);
void dagcc_finalize(void);
dagcc_group *dagcc_world(void);
dagcc_group *dagcc_group_split(dagcc_group *g, int color, int key);
int dagcc_init_loc(const char *file, int line, int *argc, char ***argv);
void dagcc_finalize_loc(const char *file, int line);
dagcc_group *dagcc_group_split_loc(const char *file, int line, dagcc_group *g, int color, int key);
/* Inside a graph, a loop bound, condition, count or peer computed from dagcc_group_rank(g)
 * makes dagcc compile the graph once per rank of g (dagcc_group_size(g) is then a constant). */
int dagcc_group_rank(dagcc_group *g);
int dagcc_group_size(dagcc_group *g);
dagcc_stream_t dagcc_stream_default(void);
void dagcc_stream_sync(dagcc_stream_t s);
void *dagcc_malloc(size_t bytes); /* device memory */
void dagcc_free(void *p);
/* dagcc_free with the caller's line, which a report of a double free or a later use names */
void dagcc_free_loc(const char *file, int line, void *p);
/* Synchronous copies with cudaMemcpy's order: each comes after the work issued so far on the
 * default stream (on the GPU also on the legacy stream, and so on blocking streams; not on a
 * non-blocking stream of the program's own, which dagcc_stream_sync orders) and after the
 * collectives started on its memory (those that write what it reads or touch what it writes
 * are finished first, and still to be waited), and before what is issued after it: reading a
 * buffer needs no dagcc_stream_sync first. */
void dagcc_copy_to_device(void *dst, const void *src, size_t bytes);
void dagcc_copy_to_host(void *dst, const void *src, size_t bytes);

/* Collectives, with NCCL's stream-ordered meaning: each takes effect in order on stream s, and
 * the caller's buffers are safe to reuse once s reaches that point. Counts are elements. Each
 * kind is a row of dagcc_collectives.h, which gives its parameters; it is declared here as
 *     void dagcc_<name>_loc(const char *file, int line, dagcc_group *g, <parameters>,
 *                           dagcc_stream_t s);
 * and dagcc_<name>(g, <parameters>, s) is a macro that passes the caller's file and line to it,
 * so run-time errors and checked mode name the user's line. */
#include "dagcc_collectives.h"

/* A row's parameters: each role's type (dagcc_collectives.h), and DAGCC_EACH_(DAGCC_PARAM_##sig)
 * for the SIG(role, name)... of a row, each parameter after a comma. The row's SIG is only ever
 * pasted, so no macro of the program's (IN, OUT, ...) changes it. */
#define DAGCC_TYPE_IN const void *
#define DAGCC_TYPE_OUT void *
#define DAGCC_TYPE_INOUT void *
#define DAGCC_TYPE_COUNT size_t
#define DAGCC_TYPE_DTYPE dagcc_dtype
#define DAGCC_TYPE_OP dagcc_op
#define DAGCC_TYPE_ROOT int
#define DAGCC_TYPE_PEER int
#define DAGCC_PARAM_SIG DAGCC_PARAM_A_
#define DAGCC_PARAM_A_(role, name) , DAGCC_TYPE_##role name DAGCC_PARAM_B_
#define DAGCC_PARAM_B_(role, name) , DAGCC_TYPE_##role name DAGCC_PARAM_A_
#define DAGCC_PARAM_A__END
#define DAGCC_PARAM_B__END
/* A walk over SIG(...)(...): what its last step left, the name of the next, is dropped. */
#define DAGCC_EACH_(...) DAGCC_EACH_END_(__VA_ARGS__)
#define DAGCC_EACH_END_(...) __VA_ARGS__##_END

#define DAGCC_DECLARE_LOC_(K, name, sig, ...)                                                      \
	void dagcc_##name##_loc(const char *file, int line,                                        \
				dagcc_group *g DAGCC_EACH_(DAGCC_PARAM_##sig), dagcc_stream_t s);
DAGCC_COLLECTIVES(DAGCC_DECLARE_LOC_)

/* A p2p group: the sends and receives of group g between dagcc_p2p_begin(g, s) and
 * dagcc_p2p_end(g, s) are issued together, as one NCCL group (ncclGroupStart/End; on the mpi
 * backend, one set of requests posted together), so they cannot deadlock among themselves: a
 * ring where every rank sends to the next and then receives from the previous is safe inside
 * one (the order of torch.distributed.batch_isend_irecv). Only sends and receives of g come
 * between the two; the group begins after everything issued on s and on g's send and receive
 * streams before it. A blocking dagcc_send or dagcc_recv inside one returns at once and
 * completes at dagcc_p2p_end, which returns once all of them have (as each would have alone:
 * s may then read what they received); its buffers are not to be touched before then. Inside
 * a graph, begin and end stand where the graph runs (not under a run-time condition or loop),
 * and the group is one node of the schedule. */
void dagcc_p2p_begin_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s);
void dagcc_p2p_end_loc(const char *file, int line, dagcc_group *g, dagcc_stream_t s);

/* Stream-ordered temporaries (cudaMallocAsync on the GPU). Inside a graph they are nodes. */
void *dagcc_alloc_async_loc(const char *file, int line, size_t bytes, dagcc_stream_t s);
void dagcc_free_async_loc(const char *file, int line, void *p, dagcc_stream_t s);

/* dagcc itself parses with __DAGCC__ defined and sees the plain names. */
#ifndef __DAGCC__
#define dagcc_init(...) dagcc_init_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_finalize() dagcc_finalize_loc(__FILE__, __LINE__)
#define dagcc_group_split(...) dagcc_group_split_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_p2p_begin(...) dagcc_p2p_begin_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_p2p_end(...) dagcc_p2p_end_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_alloc_async(...) dagcc_alloc_async_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_free_async(...) dagcc_free_async_loc(__FILE__, __LINE__, __VA_ARGS__)
#define dagcc_free(p) dagcc_free_loc(__FILE__, __LINE__, p)
#else
#define DAGCC_DECLARE_(K, name, sig, ...)                                                          \
	void dagcc_##name(dagcc_group *g DAGCC_EACH_(DAGCC_PARAM_##sig), dagcc_stream_t s);
DAGCC_COLLECTIVES(DAGCC_DECLARE_)
void dagcc_p2p_begin(dagcc_group *g, dagcc_stream_t s);
void dagcc_p2p_end(dagcc_group *g, dagcc_stream_t s);
void *dagcc_alloc_async(size_t bytes, dagcc_stream_t s);
void dagcc_free_async(void *p, dagcc_stream_t s);
#endif

#ifdef __cplusplus
}
#endif

#endif
