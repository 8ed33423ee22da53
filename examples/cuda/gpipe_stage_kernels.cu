// gpipe_stage_kernels.cu - the compute functions of examples/gpipe_stage.c as CUDA kernels: the
// same as examples/pipeline_1f1b.c's.
#include "pipeline_1f1b_kernels.cu"
