status 0
--- stdout
--- stderr
--- file
#include "dagcc_rt.h" /* added by dagcc */
#define DAGCC_PTRS_attention_backward(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) (a1), (a2), (a3), (a4), (a5), \
	(a6), (a7)
#define DAGCC_PTRS_encoder_backward(a0, a1, a2, a3, a4, a5, a6, a7, a8) (a1), (a2), (a3), (a4)
#define DAGCC_PTRS_fused_classifier(a0, a1, a2, a3, a4, a5, a6, a7, a8) (a1), (a2), (a4)
#define DAGCC_PTRS_global_sum(a0, a1, a2, a3) (a1), (a2)
#define DAGCC_PTRS_layernorm_backward(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) (a1), (a2), (a3), (a4), \
	(a5), (a6), (a7), (a8), (a9)
#define DAGCC_PTRS_matmul_backward(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) (a1), (a2), (a3), (a4), (a5), \
	(a6), (a7)
#define DAGCC_PTRS_matmul_backward_gelu(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) (a1), (a2), (a3), (a4), \
	(a5), (a6), (a7), (a8)
#define DAGCC_PTRS_matmul_backward_nobias(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) (a1), (a2), (a3), (a4), (a5)
#define DAGCC_PTRS_zero_fill(a0, a1, a2) (a1)
/* dagcc: the nodes of gpt2_backward_and_reduce as checked and profile mode name them */
static const struct dagcc_acc_gpt2_backward_and_reduce {
	dagcc_site_access zero_fill_losses[1];
	dagcc_site_access zero_fill_grads_memory[1];
	dagcc_site_access fused_classifier_output[3];
	dagcc_site_access zero_fill_dresidual[1];
	dagcc_site_access matmul_backward_nobias_scratch_bt4c[5];
	dagcc_site_access layernorm_backward_dresidual[9];
	dagcc_site_access matmul_backward_gelu_dl_bt4c_2[8], matmul_backward_gelu_dl_bt4c_1[8],
	   matmul_backward_gelu_dl_bt4c_0[8];
	dagcc_site_access matmul_backward_dl_btc[7], matmul_backward_dl_btc_4[7], matmul_backward_dl_btc_7[7];
	dagcc_site_access layernorm_backward_dresidual_2[9], layernorm_backward_dresidual_4[9],
	   layernorm_backward_dresidual_6[9];
	dagcc_site_access matmul_backward_dl_btc_2[7], matmul_backward_dl_btc_5[7], matmul_backward_dl_btc_8[7];
	dagcc_site_access attention_backward_dl_bt4c_2[7], attention_backward_dl_bt4c_1[7],
	   attention_backward_dl_bt4c_0[7];
	dagcc_site_access matmul_backward_dl_btc_3[7], matmul_backward_dl_btc_6[7], matmul_backward_dl_btc_9[7];
	dagcc_site_access layernorm_backward_dresidual_3[9], layernorm_backward_dresidual_5[9],
	   layernorm_backward_dresidual_7[9];
	dagcc_site_access encoder_backward_grads_wte[4];
	dagcc_site_access global_sum_accumulated_mean_loss[2];
} dagcc_acc_gpt2_backward_and_reduce = {
	.zero_fill_losses = {{128, DAGCC_WRITE, "model->acts.losses"}},
	.zero_fill_grads_memory = {{171136, DAGCC_WRITE, "model->grads_memory"}},
	.fused_classifier_output = {{16384, DAGCC_READWRITE, "model->acts.output"},
		{128, DAGCC_READWRITE, "model->acts.losses"}, {128, DAGCC_READ, "model->targets"}},
	.zero_fill_dresidual = {{4096, DAGCC_WRITE, "model->acts.scratch_btc"}},
	.matmul_backward_nobias_scratch_bt4c = {{4096, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {16384, DAGCC_READ, "model->acts.output"},
		{4096, DAGCC_READ, "model->acts.lnf"}, {16384, DAGCC_READ, "model->params.wte"}},
	.layernorm_backward_dresidual = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.scratch_bt4c"},
		{4096, DAGCC_READ, "model->acts.residual3"}, {128, DAGCC_READ, "model->params.lnfw"},
		{128, DAGCC_READ, "model->acts.lnf_mean"}, {128, DAGCC_READ, "model->acts.lnf_rstd"}},
	.matmul_backward_gelu_dl_bt4c_2 = {{16384, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{4096, DAGCC_READ, "model->acts.scratch_btc"}, {16384, DAGCC_READ, "model->acts.fch_gelu"},
		{16384, DAGCC_READ, "model->params.fcprojw"}, {128, DAGCC_WRITE, "model->acts.output"},
		{16384, DAGCC_READ, "model->acts.fch"}},
	.matmul_backward_gelu_dl_bt4c_1 = {{16384, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{4096, DAGCC_READ, "model->acts.scratch_btc"}, {16384, DAGCC_READ, "model->acts.fch_gelu"},
		{16384, DAGCC_READ, "model->params.fcprojw"}, {128, DAGCC_WRITE, "model->acts.output"},
		{16384, DAGCC_READ, "model->acts.fch"}},
	.matmul_backward_gelu_dl_bt4c_0 = {{16384, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{4096, DAGCC_READ, "model->acts.scratch_btc"}, {16384, DAGCC_READ, "model->acts.fch_gelu"},
		{16384, DAGCC_READ, "model->params.fcprojw"}, {128, DAGCC_WRITE, "model->acts.output"},
		{16384, DAGCC_READ, "model->acts.fch"}},
	.matmul_backward_dl_btc = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {512, DAGCC_READWRITE, "model->grads_memory"},
		{16384, DAGCC_READ, "model->acts.scratch_bt4c"}, {4096, DAGCC_READ, "model->acts.ln2"},
		{16384, DAGCC_READ, "model->params.fcw"}, {512, DAGCC_WRITE, "model->acts.output"}},
	.matmul_backward_dl_btc_4 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {512, DAGCC_READWRITE, "model->grads_memory"},
		{16384, DAGCC_READ, "model->acts.scratch_bt4c"}, {4096, DAGCC_READ, "model->acts.ln2"},
		{16384, DAGCC_READ, "model->params.fcw"}, {512, DAGCC_WRITE, "model->acts.output"}},
	.matmul_backward_dl_btc_7 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{16384, DAGCC_READWRITE, "model->grads_memory"}, {512, DAGCC_READWRITE, "model->grads_memory"},
		{16384, DAGCC_READ, "model->acts.scratch_bt4c"}, {4096, DAGCC_READ, "model->acts.ln2"},
		{16384, DAGCC_READ, "model->params.fcw"}, {512, DAGCC_WRITE, "model->acts.output"}},
	.layernorm_backward_dresidual_2 = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{4096, DAGCC_READ, "model->acts.residual2"}, {128, DAGCC_READ, "model->params.ln2w"},
		{128, DAGCC_READ, "model->acts.ln2_mean"}, {128, DAGCC_READ, "model->acts.ln2_rstd"}},
	.layernorm_backward_dresidual_4 = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{4096, DAGCC_READ, "model->acts.residual2"}, {128, DAGCC_READ, "model->params.ln2w"},
		{128, DAGCC_READ, "model->acts.ln2_mean"}, {128, DAGCC_READ, "model->acts.ln2_rstd"}},
	.layernorm_backward_dresidual_6 = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{4096, DAGCC_READ, "model->acts.residual2"}, {128, DAGCC_READ, "model->params.ln2w"},
		{128, DAGCC_READ, "model->acts.ln2_mean"}, {128, DAGCC_READ, "model->acts.ln2_rstd"}},
	.matmul_backward_dl_btc_2 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{4096, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{4096, DAGCC_READ, "model->acts.scratch_btc"}, {4096, DAGCC_READ, "model->acts.atty"},
		{4096, DAGCC_READ, "model->params.attprojw"}, {128, DAGCC_WRITE, "model->acts.output"}},
	.matmul_backward_dl_btc_5 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{4096, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{4096, DAGCC_READ, "model->acts.scratch_btc"}, {4096, DAGCC_READ, "model->acts.atty"},
		{4096, DAGCC_READ, "model->params.attprojw"}, {128, DAGCC_WRITE, "model->acts.output"}},
	.matmul_backward_dl_btc_8 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{4096, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{4096, DAGCC_READ, "model->acts.scratch_btc"}, {4096, DAGCC_READ, "model->acts.atty"},
		{4096, DAGCC_READ, "model->params.attprojw"}, {128, DAGCC_WRITE, "model->acts.output"}},
	.attention_backward_dl_bt4c_2 = {{12288, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{12288, DAGCC_WRITE, "model->acts.fch"}, {8192, DAGCC_WRITE, "model->acts.output"},
		{4096, DAGCC_WRITE, "model->acts.atty"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{12288, DAGCC_READ, "model->acts.qkvr"}, {8192, DAGCC_READ, "model->acts.att"}},
	.attention_backward_dl_bt4c_1 = {{12288, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{12288, DAGCC_WRITE, "model->acts.fch"}, {8192, DAGCC_WRITE, "model->acts.output"},
		{4096, DAGCC_WRITE, "model->acts.atty"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{12288, DAGCC_READ, "model->acts.qkvr"}, {8192, DAGCC_READ, "model->acts.att"}},
	.attention_backward_dl_bt4c_0 = {{12288, DAGCC_WRITE, "model->acts.scratch_bt4c"},
		{12288, DAGCC_WRITE, "model->acts.fch"}, {8192, DAGCC_WRITE, "model->acts.output"},
		{4096, DAGCC_WRITE, "model->acts.atty"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{12288, DAGCC_READ, "model->acts.qkvr"}, {8192, DAGCC_READ, "model->acts.att"}},
	.matmul_backward_dl_btc_3 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{12288, DAGCC_READWRITE, "model->grads_memory"}, {384, DAGCC_READWRITE, "model->grads_memory"},
		{12288, DAGCC_READ, "model->acts.scratch_bt4c"}, {4096, DAGCC_READ, "model->acts.ln1"},
		{12288, DAGCC_READ, "model->params.qkvw"}, {384, DAGCC_WRITE, "model->acts.output"}},
	.matmul_backward_dl_btc_6 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{12288, DAGCC_READWRITE, "model->grads_memory"}, {384, DAGCC_READWRITE, "model->grads_memory"},
		{12288, DAGCC_READ, "model->acts.scratch_bt4c"}, {4096, DAGCC_READ, "model->acts.ln1"},
		{12288, DAGCC_READ, "model->params.qkvw"}, {384, DAGCC_WRITE, "model->acts.output"}},
	.matmul_backward_dl_btc_9 = {{4096, DAGCC_WRITE, "model->acts.residual3"},
		{12288, DAGCC_READWRITE, "model->grads_memory"}, {384, DAGCC_READWRITE, "model->grads_memory"},
		{12288, DAGCC_READ, "model->acts.scratch_bt4c"}, {4096, DAGCC_READ, "model->acts.ln1"},
		{12288, DAGCC_READ, "model->params.qkvw"}, {384, DAGCC_WRITE, "model->acts.output"}},
	.layernorm_backward_dresidual_3 = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{4096, DAGCC_READ, "model->acts.residual3"}, {128, DAGCC_READ, "model->params.ln1w"},
		{128, DAGCC_READ, "model->acts.ln1_mean"}, {128, DAGCC_READ, "model->acts.ln1_rstd"}},
	.layernorm_backward_dresidual_5 = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{4096, DAGCC_READ, "model->acts.residual3"}, {128, DAGCC_READ, "model->params.ln1w"},
		{128, DAGCC_READ, "model->acts.ln1_mean"}, {128, DAGCC_READ, "model->acts.ln1_rstd"}},
	.layernorm_backward_dresidual_7 = {{4096, DAGCC_READWRITE, "model->acts.scratch_btc"},
		{128, DAGCC_READWRITE, "model->grads_memory"}, {128, DAGCC_READWRITE, "model->grads_memory"},
		{256, DAGCC_WRITE, "model->acts.output"}, {4096, DAGCC_READ, "model->acts.residual3"},
		{4096, DAGCC_READ, "model->acts.encoded"}, {128, DAGCC_READ, "model->params.ln1w"},
		{128, DAGCC_READ, "model->acts.ln1_mean"}, {128, DAGCC_READ, "model->acts.ln1_rstd"}},
	.encoder_backward_grads_wte = {{16384, DAGCC_READWRITE, "model->grads_memory"},
		{2048, DAGCC_READWRITE, "model->grads_memory"}, {4096, DAGCC_READ, "model->acts.scratch_btc"},
		{128, DAGCC_READ, "model->inputs"}},
	.global_sum_accumulated_mean_loss = {{4, DAGCC_WRITE, "model->accumulated_mean_loss"},
		{128, DAGCC_READ, "model->acts.losses"}},
};
static const struct dagcc_sites_gpt2_backward_and_reduce {
	dagcc_site zero_fill_losses;
	dagcc_site zero_fill_grads_memory;
	dagcc_site fused_classifier_output;
	dagcc_site zero_fill_dresidual;
	dagcc_site matmul_backward_nobias_scratch_bt4c;
	dagcc_site layernorm_backward_dresidual;
	dagcc_site matmul_backward_gelu_dl_bt4c_2, matmul_backward_gelu_dl_bt4c_1, matmul_backward_gelu_dl_bt4c_0;
	dagcc_site matmul_backward_dl_btc, matmul_backward_dl_btc_4, matmul_backward_dl_btc_7;
	dagcc_site layernorm_backward_dresidual_2, layernorm_backward_dresidual_4, layernorm_backward_dresidual_6;
	dagcc_site matmul_backward_dl_btc_2, matmul_backward_dl_btc_5, matmul_backward_dl_btc_8;
	dagcc_site attention_backward_dl_bt4c_2, attention_backward_dl_bt4c_1, attention_backward_dl_bt4c_0;
	dagcc_site matmul_backward_dl_btc_3, matmul_backward_dl_btc_6, matmul_backward_dl_btc_9;
	dagcc_site layernorm_backward_dresidual_3, layernorm_backward_dresidual_5, layernorm_backward_dresidual_7;
	dagcc_site ar_pointers_2_11;
	dagcc_site encoder_backward_grads_wte;
	dagcc_site global_sum_accumulated_mean_loss;
	dagcc_site ar_accumulated_mean_loss;
	dagcc_site ar_bucket, ar_pointers_v2_2, ar_pointers_v2_3;
} dagcc_sites_gpt2_backward_and_reduce DAGCC_MAYBE_UNUSED = {
	.zero_fill_losses = {"zero_fill", 0, 2, 0, 1, dagcc_acc_gpt2_backward_and_reduce.zero_fill_losses, NULL},
	.zero_fill_grads_memory = {"zero_fill", 0, 2, 0, 1,
		dagcc_acc_gpt2_backward_and_reduce.zero_fill_grads_memory, NULL},
	.fused_classifier_output = {"fused_classifier", 217, 2, 0, 3,
		dagcc_acc_gpt2_backward_and_reduce.fused_classifier_output, NULL},
	.zero_fill_dresidual = {"zero_fill", 0, 2, 0, 1, dagcc_acc_gpt2_backward_and_reduce.zero_fill_dresidual, NULL},
	.matmul_backward_nobias_scratch_bt4c = {"matmul_backward_nobias", 228, 2, 0, 5,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_nobias_scratch_bt4c, NULL},
	.layernorm_backward_dresidual = {"layernorm_backward", 231, 2, 0, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual, NULL},
	.matmul_backward_gelu_dl_bt4c_2 = {"matmul_backward_gelu", 278, 3, 0, 8,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_gelu_dl_bt4c_2, NULL},
	.matmul_backward_gelu_dl_bt4c_1 = {"matmul_backward_gelu", 278, 3, 1, 8,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_gelu_dl_bt4c_1, NULL},
	.matmul_backward_gelu_dl_bt4c_0 = {"matmul_backward_gelu", 278, 3, 2, 8,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_gelu_dl_bt4c_0, NULL},
	.matmul_backward_dl_btc = {"matmul_backward", 280, 3, 0, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc, NULL},
	.matmul_backward_dl_btc_4 = {"matmul_backward", 280, 3, 1, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_4, NULL},
	.matmul_backward_dl_btc_7 = {"matmul_backward", 280, 3, 2, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_7, NULL},
	.layernorm_backward_dresidual_2 = {"layernorm_backward", 283, 3, 0, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual_2, NULL},
	.layernorm_backward_dresidual_4 = {"layernorm_backward", 283, 3, 1, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual_4, NULL},
	.layernorm_backward_dresidual_6 = {"layernorm_backward", 283, 3, 2, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual_6, NULL},
	.matmul_backward_dl_btc_2 = {"matmul_backward", 285, 3, 0, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_2, NULL},
	.matmul_backward_dl_btc_5 = {"matmul_backward", 285, 3, 1, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_5, NULL},
	.matmul_backward_dl_btc_8 = {"matmul_backward", 285, 3, 2, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_8, NULL},
	.attention_backward_dl_bt4c_2 = {"attention_backward", 290, 3, 0, 7,
		dagcc_acc_gpt2_backward_and_reduce.attention_backward_dl_bt4c_2, NULL},
	.attention_backward_dl_bt4c_1 = {"attention_backward", 290, 3, 1, 7,
		dagcc_acc_gpt2_backward_and_reduce.attention_backward_dl_bt4c_1, NULL},
	.attention_backward_dl_bt4c_0 = {"attention_backward", 290, 3, 2, 7,
		dagcc_acc_gpt2_backward_and_reduce.attention_backward_dl_bt4c_0, NULL},
	.matmul_backward_dl_btc_3 = {"matmul_backward", 292, 3, 0, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_3, NULL},
	.matmul_backward_dl_btc_6 = {"matmul_backward", 292, 3, 1, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_6, NULL},
	.matmul_backward_dl_btc_9 = {"matmul_backward", 292, 3, 2, 7,
		dagcc_acc_gpt2_backward_and_reduce.matmul_backward_dl_btc_9, NULL},
	.layernorm_backward_dresidual_3 = {"layernorm_backward", 294, 3, 0, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual_3, NULL},
	.layernorm_backward_dresidual_5 = {"layernorm_backward", 294, 3, 1, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual_5, NULL},
	.layernorm_backward_dresidual_7 = {"layernorm_backward", 294, 3, 2, 9,
		dagcc_acc_gpt2_backward_and_reduce.layernorm_backward_dresidual_7, NULL},
	.ar_pointers_2_11 = {"all_reduce", 0, 5, 11, 0, NULL, "model->world"},
	.encoder_backward_grads_wte = {"encoder_backward", 325, 2, 0, 4,
		dagcc_acc_gpt2_backward_and_reduce.encoder_backward_grads_wte, NULL},
	.global_sum_accumulated_mean_loss = {"global_sum", 328, 2, 0, 2,
		dagcc_acc_gpt2_backward_and_reduce.global_sum_accumulated_mean_loss, NULL},
	.ar_accumulated_mean_loss = {"all_reduce", 329, 2, 0, 0, NULL, "model->world"},
	.ar_bucket = {"bucket:all_reduce:336.4.0,316.5.1,316.5.2,316.5.3,316.5.4,316.5.5,316.5.6,316.5."
	    "7,316.5.8,316.5.9,316.5.10,316.5.12,316.5.13,316.5.14,316.5.15,316.5.16,316.5.17"
	    ",316.5.18,316.5.19,316.5.20,316.5.21,316.5.22,316.5.23,316.5.24,316.5.25,316.5.2"
	    "6,316.5.27,316.5.28,316.5.29,316.5.30,316.5.31,316.5.32,316.5.33,316.5.34,316.5."
	    "35,316.5.0,336.4.1", 316, 4, 0, 0, NULL, "model->world"},
	.ar_pointers_v2_2 = {"all_reduce", 336, 4, 2, 0, NULL, "model->world"},
	.ar_pointers_v2_3 = {"all_reduce", 336, 4, 3, 0, NULL, "model->world"},
};
#line 1 "ROOT/examples/llmc_backward.c"
/* llmc_backward.c - the backward pass and gradient reduction of a GPT-2 trainer, laid out as
 * llm.c (karpathy/llm.c, train_gpt2.cu: gpt2_backward_and_reduce) lays it out.
 *
 * All parameter gradients live in one flat block, carved into one tensor per parameter kind,
 * each kind holding its L layers one after the other (layer l's QKV weight gradient is
 * grads_qkvw + l * 3*C*C). The backward pass walks the layers from L-1 down to 0, reusing the
 * same scratch buffers in every layer. After a layer's last gradient kernel, the layer's twelve
 * gradient slices are reduced across the ranks, written as llm.c writes them: a local array of
 * pointers to the slices and one of their sizes, one collective per slice (an all-reduce for
 * ZeRO-0, an in-place reduce-scatter for ZeRO-1). The gradients outside the layers (wte, wpe,
 * lnfw, lnfb) are reduced at the end. Written in program order, each collective is waited for
 * where it is issued; llm.c issues each layer's as one NCCL group on its own stream and waits
 * for them all at the end of the pass, and dagcc should find that schedule (or a better one)
 * by itself. Each compute function declares how many elements it touches from each pointer
 * (DAGCC_IN_N ...), so the slices of the flat block get exact ranges.
 *
 * The kernels are plain host loops (the mpi backend) or plain CUDA kernels (examples/cuda/,
 * -DDAGCC_CUDA_KERNELS), f32 throughout; attention is llm.c's unfused attention_backward.
 * main() fills the saved activations with deterministic per-rank data (no forward pass), runs
 * the step, prints a checksum and, with --verify, compares with a reference that runs every
 * rank's backward pass alone and averages.
 *
 *   dagcc --report examples/llmc_backward.c
 *   dagcc --report -DL=12 -DC=768 -DNH=12 -DV=50257 -DB=4 -DT=1024 examples/llmc_backward.c
 *   dagcc --report -DL=48 -DC=1600 -DNH=25 -DV=50257 -DB=4 -DT=1024 examples/llmc_backward.c
 *   -DZERO=1 -DNPROC=N: ZeRO-1 over N ranks (the run must have N) */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dagcc.h"
#include "host.h"

/* GPT-2's shapes: small by default, for the tests */
#ifndef B
#define B 2 /* sequences per rank */
#endif
#ifndef T
#define T 16 /* tokens per sequence */
#endif
#ifndef C
#define C 32 /* channels */
#endif
#ifndef L
#define L 3 /* layers */
#endif
#ifndef NH
#define NH 4 /* attention heads */
#endif
#ifndef V
#define V 100 /* vocabulary */
#endif
#ifndef VP
/* the vocabulary padded to a multiple of 128, as llm.c pads it */
#define VP ((V + 127) / 128 * 128)
#endif
#ifndef MAXT
#define MAXT T /* positions wpe holds */
#endif
#ifndef ZERO
#define ZERO 0 /* 0: all-reduce every gradient; 1: reduce-scatter it (ZeRO-1) */
#endif
#ifndef NPROC
#define NPROC 4 /* ZERO=1: the ranks each gradient is scattered over */
#endif

#define MAX2(a, b) ((a) > (b) ? (a) : (b))

/* llm.c's fill_in_parameter_sizes, in its order */
#define NUM_PARAMETER_TENSORS 16
#define NUM_PARAMETERS                                                                             \
	((size_t)VP * C + (size_t)MAXT * C +                                                       \
	 (size_t)L * (C + C + 3 * C * C + 3 * C + C * C + C + C + C + 4 * C * C + 4 * C +          \
		      C * 4 * C + C) +                                                             \
	 C + C)

_Static_assert(ZERO == 0 || ZERO == 1, "ZERO is 0 or 1");
_Static_assert(ZERO == 0 || (C % NPROC == 0 && T * C % NPROC == 0),
	       "ZeRO-1 scatters every gradient slice evenly over NPROC ranks");
_Static_assert(C % NH == 0, "heads split the channels evenly");

typedef struct {
	float *wte, *wpe, *ln1w, *ln1b, *qkvw, *qkvb, *attprojw, *attprojb, *ln2w, *ln2b, *fcw, *fcb,
		*fcprojw, *fcprojb, *lnfw, *lnfb;
} ParameterTensors;

/* what the forward pass saved (llm.c's ActivationTensors, those the backward pass uses) */
#define NUM_ACTIVATION_TENSORS 21
typedef struct {
	float *encoded; /* (B, T, C) */
	float *ln1, *ln1_mean, *ln1_rstd; /* (L, B, T, C), (L, B, T), (L, B, T) */
	float *atty; /* (L, B, T, C) */
	float *att; /* (L, B, NH, T, T) */
	float *residual2, *ln2, *ln2_mean, *ln2_rstd;
	float *fch, *fch_gelu; /* (L, B, T, 4C) */
	float *residual3; /* (L, B, T, C) */
	float *lnf, *lnf_mean, *lnf_rstd; /* (B, T, C), (B, T), (B, T) */
	float *losses; /* (B, T) */
	float *qkvr; /* (L, B, T, 3C): q, k and v, each (B, NH, T, HS) */
	float *output; /* (B, T, max(3C, NH*T, VP)): the logits, then scratch */
	float *scratch_bt4c, *scratch_btc;
} ActivationTensors;

typedef struct {
	dagcc_group *world;
	ParameterTensors params; /* pointers into params_memory */
	float *params_memory;
	float *grads_memory; /* NUM_PARAMETERS floats, in the order of ParameterTensors */
	ActivationTensors acts;
	float *acts_memory;
	int *inputs, *targets; /* (B, T) */
	float *accumulated_mean_loss; /* one float */
} GPT2;

/* p[0, n) = 0 (cudaMemsetAsync) */
DAGCC_COMPUTE(bytes = sizeof(float) * n)
void zero_fill(dagcc_stream_t s, DAGCC_OUT_N(n) float *p, size_t n);

/* The classifier's loss and the start of the backward pass: each row of logits (vp wide, the
 * first v real) becomes dloss * (softmax - onehot(target)), and losses[i] -= log p(target). */
DAGCC_COMPUTE(flops = 6.0 * b * t * v, bytes = sizeof(float) * (2.0 * b * t * vp + 2.0 * b * t)
						+ sizeof(int) * b * t)
void fused_classifier(dagcc_stream_t s, DAGCC_INOUT_N(b * t * vp) float *logits,
		      DAGCC_INOUT_N(b * t) float *losses, float dloss,
		      DAGCC_IN_N(b * t) const int *targets, int b, int t, int v, int vp);

/* A linear layer out = inp weight^T + bias (inp (b*t, c), weight (oc, c)) backward:
 * dinp = dout weight; dweight += dout^T inp; dbias += the column sums of dout, made in
 * dbias_buffer first. */
DAGCC_COMPUTE(flops = 4.0 * b * t * c * oc + b * t * oc,
	      bytes = sizeof(float) * (2.0 * b * t * oc + 2.0 * b * t * c + 3.0 * oc * c + 4.0 * oc))
void matmul_backward(dagcc_stream_t s, DAGCC_OUT_N(b * t * c) float *dinp,
		     DAGCC_INOUT_N(oc * c) float *dweight, DAGCC_INOUT_N(oc) float *dbias,
		     DAGCC_IN_N(b * t * oc) const float *dout, DAGCC_IN_N(b * t * c) const float *inp,
		     DAGCC_IN_N(oc * c) const float *weight, DAGCC_OUT_N(oc) float *dbias_buffer,
		     int b, int t, int c, int oc);
/* the same, then dinp through GELU's backward at pre_gelu (llm.c's gelu_fusion) */
DAGCC_COMPUTE(flops = 4.0 * b * t * c * oc + b * t * oc + 20.0 * b * t * c,
	      bytes = sizeof(float) * (2.0 * b * t * oc + 4.0 * b * t * c + 3.0 * oc * c + 4.0 * oc))
void matmul_backward_gelu(dagcc_stream_t s, DAGCC_OUT_N(b * t * c) float *dinp,
			  DAGCC_INOUT_N(oc * c) float *dweight, DAGCC_INOUT_N(oc) float *dbias,
			  DAGCC_IN_N(b * t * oc) const float *dout,
			  DAGCC_IN_N(b * t * c) const float *inp,
			  DAGCC_IN_N(oc * c) const float *weight,
			  DAGCC_OUT_N(oc) float *dbias_buffer,
			  DAGCC_IN_N(b * t * c) const float *pre_gelu, int b, int t, int c, int oc);
/* the same without a bias (the classifier, which llm.c calls with dbias NULL) */
DAGCC_COMPUTE(flops = 4.0 * b * t * c * oc,
	      bytes = sizeof(float) * (b * t * oc + 2.0 * b * t * c + 3.0 * oc * c))
void matmul_backward_nobias(dagcc_stream_t s, DAGCC_OUT_N(b * t * c) float *dinp,
			    DAGCC_INOUT_N(oc * c) float *dweight,
			    DAGCC_IN_N(b * t * oc) const float *dout,
			    DAGCC_IN_N(b * t * c) const float *inp,
			    DAGCC_IN_N(oc * c) const float *weight, int b, int t, int c, int oc);

/* Layer norm backward: dinp += the input's gradient, dweight and dbias += theirs (summed in
 * scratch first). */
DAGCC_COMPUTE(flops = 12.0 * b * t * c,
	      bytes = sizeof(float) * (4.0 * b * t * c + 2.0 * b * t + 7.0 * c))
void layernorm_backward(dagcc_stream_t s, DAGCC_INOUT_N(b * t * c) float *dinp,
			DAGCC_INOUT_N(c) float *dweight, DAGCC_INOUT_N(c) float *dbias,
			DAGCC_OUT_N(2 * c) float *scratch, DAGCC_IN_N(b * t * c) const float *dout,
			DAGCC_IN_N(b * t * c) const float *inp, DAGCC_IN_N(c) const float *weight,
			DAGCC_IN_N(b * t) const float *mean, DAGCC_IN_N(b * t) const float *rstd,
			int b, int t, int c);

/* Causal self-attention backward, llm.c's unfused one: dout (b, t, c) is unpermuted into
 * scratch, datt = scratch v^T, dv = att^T scratch, datt turns into the pre-softmax gradient in
 * place, dq = datt k, dk = datt^T q (into dqkvr), permuted into dinp (b, t, 3c). */
DAGCC_COMPUTE(flops = 8.0 * b * t * t * c + 6.0 * b * nh * t * t,
	      bytes = sizeof(float) * (6.0 * b * nh * t * t + 15.0 * b * t * c))
void attention_backward(dagcc_stream_t s, DAGCC_OUT_N(b * t * 3 * c) float *dinp,
			DAGCC_OUT_N(b * t * 3 * c) float *dqkvr,
			DAGCC_OUT_N(b * nh * t * t) float *datt, DAGCC_OUT_N(b * t * c) float *scratch,
			DAGCC_IN_N(b * t * c) const float *dout,
			DAGCC_IN_N(b * t * 3 * c) const float *qkvr,
			DAGCC_IN_N(b * nh * t * t) const float *att, int b, int t, int c, int nh);

/* The embeddings' backward: dwte[token] += dout, dwpe[position] += dout. */
DAGCC_COMPUTE(flops = 2.0 * b * t * c,
	      bytes = sizeof(float) * 5.0 * b * t * c + sizeof(int) * b * t)
void encoder_backward(dagcc_stream_t s, DAGCC_INOUT_N(vp * c) float *dwte,
		      DAGCC_INOUT_N(t * c) float *dwpe, DAGCC_IN_N(b * t * c) const float *dout,
		      DAGCC_IN_N(b * t) const int *inp, int b, int t, int c, int vp);

/* out[0] = the sum of in[0, n), in order (llm.c's global_sum_deterministic) */
DAGCC_COMPUTE(flops = n, bytes = sizeof(float) * (n + 1))
void global_sum(dagcc_stream_t s, DAGCC_OUT_N(1) float *out, DAGCC_IN_N(n) const float *in,
		int n);

DAGCC_GRAPH void gpt2_backward_and_reduce(GPT2 *model, dagcc_stream_t s)
{
	/* dagcc: scheduled for h100-8x. Simulated: as written 676.9 us (618.4 us of communication exposed),
	 * scheduled 76.9 us (18.4 us exposed); lower bound 73.5 us. */
	DAGCC_GRAPH_BEGIN(gpt2_backward_and_reduce, "gpt2_backward_and_reduce", 193, s);
#line 196
	float *grads_wte = model->grads_memory; (void)grads_wte;
	float *grads_wpe = grads_wte + (size_t)VP * C; (void)grads_wpe;
	float *grads_ln1w = grads_wpe + (size_t)MAXT * C; (void)grads_ln1w;
	float *grads_ln1b = grads_ln1w + (size_t)L * C; (void)grads_ln1b;
	float *grads_qkvw = grads_ln1b + (size_t)L * C; (void)grads_qkvw;
	float *grads_qkvb = grads_qkvw + (size_t)L * 3 * C * C; (void)grads_qkvb;
	float *grads_attprojw = grads_qkvb + (size_t)L * 3 * C; (void)grads_attprojw;
	float *grads_attprojb = grads_attprojw + (size_t)L * C * C; (void)grads_attprojb;
	float *grads_ln2w = grads_attprojb + (size_t)L * C; (void)grads_ln2w;
	float *grads_ln2b = grads_ln2w + (size_t)L * C; (void)grads_ln2b;
	float *grads_fcw = grads_ln2b + (size_t)L * C; (void)grads_fcw;
	float *grads_fcb = grads_fcw + (size_t)L * 4 * C * C; (void)grads_fcb;
	float *grads_fcprojw = grads_fcb + (size_t)L * 4 * C; (void)grads_fcprojw;
	float *grads_fcprojb = grads_fcprojw + (size_t)L * C * 4 * C; (void)grads_fcprojb;
	float *grads_lnfw = grads_fcprojb + (size_t)L * C; (void)grads_lnfw;
	float *grads_lnfb = grads_lnfw + C; (void)grads_lnfb;
#line 221
	float *dresidual = model->acts.scratch_btc; (void)dresidual;
#line 225
	float *scratchF = model->acts.output; (void)scratchF;
#line 230
	float *residual = model->acts.residual3 + (size_t)(L - 1) * B * T * C; (void)residual;
#line 236
	float *dl_btc = residual; (void)dl_btc;
#line 239
	__typeof__(residual) residual__a1; residual__a1 = 2 == 0 ? model->acts.encoded
				  : model->acts.residual3 + (size_t)(2 - 1) * B * T * C; (void)residual__a1;
#line 243
	float *l_ln1w__2 = model->params.ln1w + (size_t)2 * C; (void)l_ln1w__2;
	float *l_qkvw__2 = model->params.qkvw + (size_t)2 * 3 * C * C; (void)l_qkvw__2;
	float *l_attprojw__2 = model->params.attprojw + (size_t)2 * C * C; (void)l_attprojw__2;
	float *l_ln2w__2 = model->params.ln2w + (size_t)2 * C; (void)l_ln2w__2;
	float *l_fcw__2 = model->params.fcw + (size_t)2 * 4 * C * C; (void)l_fcw__2;
	float *l_fcprojw__2 = model->params.fcprojw + (size_t)2 * C * 4 * C; (void)l_fcprojw__2;

	float *dl_ln1w__2 = grads_ln1w + (size_t)2 * C; (void)dl_ln1w__2;
	float *dl_ln1b__2 = grads_ln1b + (size_t)2 * C; (void)dl_ln1b__2;
	float *dl_qkvw__2 = grads_qkvw + (size_t)2 * 3 * C * C; (void)dl_qkvw__2;
	float *dl_qkvb__2 = grads_qkvb + (size_t)2 * 3 * C; (void)dl_qkvb__2;
	float *dl_attprojw__2 = grads_attprojw + (size_t)2 * C * C; (void)dl_attprojw__2;
	float *dl_attprojb__2 = grads_attprojb + (size_t)2 * C; (void)dl_attprojb__2;
	float *dl_ln2w__2 = grads_ln2w + (size_t)2 * C; (void)dl_ln2w__2;
	float *dl_ln2b__2 = grads_ln2b + (size_t)2 * C; (void)dl_ln2b__2;
	float *dl_fcw__2 = grads_fcw + (size_t)2 * 4 * C * C; (void)dl_fcw__2;
	float *dl_fcb__2 = grads_fcb + (size_t)2 * 4 * C; (void)dl_fcb__2;
	float *dl_fcprojw__2 = grads_fcprojw + (size_t)2 * C * 4 * C; (void)dl_fcprojw__2;
	float *dl_fcprojb__2 = grads_fcprojb + (size_t)2 * C; (void)dl_fcprojb__2;

	float *l_ln1__2 = model->acts.ln1 + (size_t)2 * B * T * C; (void)l_ln1__2;
	float *l_ln1_mean__2 = model->acts.ln1_mean + (size_t)2 * B * T; (void)l_ln1_mean__2;
	float *l_ln1_rstd__2 = model->acts.ln1_rstd + (size_t)2 * B * T; (void)l_ln1_rstd__2;
	float *l_qkvr__2 = model->acts.qkvr + (size_t)2 * B * T * 3 * C; (void)l_qkvr__2;
	float *l_atty__2 = model->acts.atty + (size_t)2 * B * T * C; (void)l_atty__2;
	float *l_att__2 = model->acts.att + (size_t)2 * B * NH * T * T; (void)l_att__2;
	float *l_residual2__2 = model->acts.residual2 + (size_t)2 * B * T * C; (void)l_residual2__2;
	float *l_ln2__2 = model->acts.ln2 + (size_t)2 * B * T * C; (void)l_ln2__2;
	float *l_ln2_mean__2 = model->acts.ln2_mean + (size_t)2 * B * T; (void)l_ln2_mean__2;
	float *l_ln2_rstd__2 = model->acts.ln2_rstd + (size_t)2 * B * T; (void)l_ln2_rstd__2;
	float *l_fch_pre_gelu__2 = model->acts.fch + (size_t)2 * B * T * 4 * C; (void)l_fch_pre_gelu__2;
	float *l_fch_gelu__2 = model->acts.fch_gelu + (size_t)2 * B * T * 4 * C; (void)l_fch_gelu__2;

	float *dl_bt4c__2 = model->acts.scratch_bt4c; (void)dl_bt4c__2;
#line 288
	float *buffer_a__2 = l_atty__2; (void)buffer_a__2;
	float *buffer_b__2 = l_fch_pre_gelu__2; (void)buffer_b__2;
#line 298
	float *const pointers__2[] = {
			dl_ln1w__2, dl_ln1b__2,
			dl_qkvw__2, dl_qkvb__2,
			dl_attprojw__2, dl_attprojb__2,
			dl_ln2w__2, dl_ln2b__2,
			dl_fcw__2, dl_fcb__2,
			dl_fcprojw__2, dl_fcprojb__2,
		}; (void)pointers__2;
	const size_t nelem__2[] = {
			C, C,
			3 * C * C, 3 * C,
			C * C, C,
			C, C,
			4 * C * C, 4 * C,
			C * 4 * C, C,
		}; (void)nelem__2;
#line 239
	__typeof__(residual__a1) residual__a2; residual__a2 = 1 == 0 ? model->acts.encoded
				  : model->acts.residual3 + (size_t)(1 - 1) * B * T * C; (void)residual__a2;
#line 243
	float *l_ln1w__1 = model->params.ln1w + (size_t)1 * C; (void)l_ln1w__1;
	float *l_qkvw__1 = model->params.qkvw + (size_t)1 * 3 * C * C; (void)l_qkvw__1;
	float *l_attprojw__1 = model->params.attprojw + (size_t)1 * C * C; (void)l_attprojw__1;
	float *l_ln2w__1 = model->params.ln2w + (size_t)1 * C; (void)l_ln2w__1;
	float *l_fcw__1 = model->params.fcw + (size_t)1 * 4 * C * C; (void)l_fcw__1;
	float *l_fcprojw__1 = model->params.fcprojw + (size_t)1 * C * 4 * C; (void)l_fcprojw__1;

	float *dl_ln1w__1 = grads_ln1w + (size_t)1 * C; (void)dl_ln1w__1;
	float *dl_ln1b__1 = grads_ln1b + (size_t)1 * C; (void)dl_ln1b__1;
	float *dl_qkvw__1 = grads_qkvw + (size_t)1 * 3 * C * C; (void)dl_qkvw__1;
	float *dl_qkvb__1 = grads_qkvb + (size_t)1 * 3 * C; (void)dl_qkvb__1;
	float *dl_attprojw__1 = grads_attprojw + (size_t)1 * C * C; (void)dl_attprojw__1;
	float *dl_attprojb__1 = grads_attprojb + (size_t)1 * C; (void)dl_attprojb__1;
	float *dl_ln2w__1 = grads_ln2w + (size_t)1 * C; (void)dl_ln2w__1;
	float *dl_ln2b__1 = grads_ln2b + (size_t)1 * C; (void)dl_ln2b__1;
	float *dl_fcw__1 = grads_fcw + (size_t)1 * 4 * C * C; (void)dl_fcw__1;
	float *dl_fcb__1 = grads_fcb + (size_t)1 * 4 * C; (void)dl_fcb__1;
	float *dl_fcprojw__1 = grads_fcprojw + (size_t)1 * C * 4 * C; (void)dl_fcprojw__1;
	float *dl_fcprojb__1 = grads_fcprojb + (size_t)1 * C; (void)dl_fcprojb__1;

	float *l_ln1__1 = model->acts.ln1 + (size_t)1 * B * T * C; (void)l_ln1__1;
	float *l_ln1_mean__1 = model->acts.ln1_mean + (size_t)1 * B * T; (void)l_ln1_mean__1;
	float *l_ln1_rstd__1 = model->acts.ln1_rstd + (size_t)1 * B * T; (void)l_ln1_rstd__1;
	float *l_qkvr__1 = model->acts.qkvr + (size_t)1 * B * T * 3 * C; (void)l_qkvr__1;
	float *l_atty__1 = model->acts.atty + (size_t)1 * B * T * C; (void)l_atty__1;
	float *l_att__1 = model->acts.att + (size_t)1 * B * NH * T * T; (void)l_att__1;
	float *l_residual2__1 = model->acts.residual2 + (size_t)1 * B * T * C; (void)l_residual2__1;
	float *l_ln2__1 = model->acts.ln2 + (size_t)1 * B * T * C; (void)l_ln2__1;
	float *l_ln2_mean__1 = model->acts.ln2_mean + (size_t)1 * B * T; (void)l_ln2_mean__1;
	float *l_ln2_rstd__1 = model->acts.ln2_rstd + (size_t)1 * B * T; (void)l_ln2_rstd__1;
	float *l_fch_pre_gelu__1 = model->acts.fch + (size_t)1 * B * T * 4 * C; (void)l_fch_pre_gelu__1;
	float *l_fch_gelu__1 = model->acts.fch_gelu + (size_t)1 * B * T * 4 * C; (void)l_fch_gelu__1;

	float *dl_bt4c__1 = model->acts.scratch_bt4c; (void)dl_bt4c__1;
#line 288
	float *buffer_a__1 = l_atty__1; (void)buffer_a__1;
	float *buffer_b__1 = l_fch_pre_gelu__1; (void)buffer_b__1;
#line 298
	float *const pointers__1[] = {
			dl_ln1w__1, dl_ln1b__1,
			dl_qkvw__1, dl_qkvb__1,
			dl_attprojw__1, dl_attprojb__1,
			dl_ln2w__1, dl_ln2b__1,
			dl_fcw__1, dl_fcb__1,
			dl_fcprojw__1, dl_fcprojb__1,
		}; (void)pointers__1;
	const size_t nelem__1[] = {
			C, C,
			3 * C * C, 3 * C,
			C * C, C,
			C, C,
			4 * C * C, 4 * C,
			C * 4 * C, C,
		}; (void)nelem__1;
#line 239
	__typeof__(residual__a2) residual__a3; residual__a3 = 0 == 0 ? model->acts.encoded
				  : model->acts.residual3 + (size_t)(0 - 1) * B * T * C; (void)residual__a3;
#line 243
	float *l_ln1w__0 = model->params.ln1w + (size_t)0 * C; (void)l_ln1w__0;
	float *l_qkvw__0 = model->params.qkvw + (size_t)0 * 3 * C * C; (void)l_qkvw__0;
	float *l_attprojw__0 = model->params.attprojw + (size_t)0 * C * C; (void)l_attprojw__0;
	float *l_ln2w__0 = model->params.ln2w + (size_t)0 * C; (void)l_ln2w__0;
	float *l_fcw__0 = model->params.fcw + (size_t)0 * 4 * C * C; (void)l_fcw__0;
	float *l_fcprojw__0 = model->params.fcprojw + (size_t)0 * C * 4 * C; (void)l_fcprojw__0;

	float *dl_ln1w__0 = grads_ln1w + (size_t)0 * C; (void)dl_ln1w__0;
	float *dl_ln1b__0 = grads_ln1b + (size_t)0 * C; (void)dl_ln1b__0;
	float *dl_qkvw__0 = grads_qkvw + (size_t)0 * 3 * C * C; (void)dl_qkvw__0;
	float *dl_qkvb__0 = grads_qkvb + (size_t)0 * 3 * C; (void)dl_qkvb__0;
	float *dl_attprojw__0 = grads_attprojw + (size_t)0 * C * C; (void)dl_attprojw__0;
	float *dl_attprojb__0 = grads_attprojb + (size_t)0 * C; (void)dl_attprojb__0;
	float *dl_ln2w__0 = grads_ln2w + (size_t)0 * C; (void)dl_ln2w__0;
	float *dl_ln2b__0 = grads_ln2b + (size_t)0 * C; (void)dl_ln2b__0;
	float *dl_fcw__0 = grads_fcw + (size_t)0 * 4 * C * C; (void)dl_fcw__0;
	float *dl_fcb__0 = grads_fcb + (size_t)0 * 4 * C; (void)dl_fcb__0;
	float *dl_fcprojw__0 = grads_fcprojw + (size_t)0 * C * 4 * C; (void)dl_fcprojw__0;
	float *dl_fcprojb__0 = grads_fcprojb + (size_t)0 * C; (void)dl_fcprojb__0;

	float *l_ln1__0 = model->acts.ln1 + (size_t)0 * B * T * C; (void)l_ln1__0;
	float *l_ln1_mean__0 = model->acts.ln1_mean + (size_t)0 * B * T; (void)l_ln1_mean__0;
	float *l_ln1_rstd__0 = model->acts.ln1_rstd + (size_t)0 * B * T; (void)l_ln1_rstd__0;
	float *l_qkvr__0 = model->acts.qkvr + (size_t)0 * B * T * 3 * C; (void)l_qkvr__0;
	float *l_atty__0 = model->acts.atty + (size_t)0 * B * T * C; (void)l_atty__0;
	float *l_att__0 = model->acts.att + (size_t)0 * B * NH * T * T; (void)l_att__0;
	float *l_residual2__0 = model->acts.residual2 + (size_t)0 * B * T * C; (void)l_residual2__0;
	float *l_ln2__0 = model->acts.ln2 + (size_t)0 * B * T * C; (void)l_ln2__0;
	float *l_ln2_mean__0 = model->acts.ln2_mean + (size_t)0 * B * T; (void)l_ln2_mean__0;
	float *l_ln2_rstd__0 = model->acts.ln2_rstd + (size_t)0 * B * T; (void)l_ln2_rstd__0;
	float *l_fch_pre_gelu__0 = model->acts.fch + (size_t)0 * B * T * 4 * C; (void)l_fch_pre_gelu__0;
	float *l_fch_gelu__0 = model->acts.fch_gelu + (size_t)0 * B * T * 4 * C; (void)l_fch_gelu__0;

	float *dl_bt4c__0 = model->acts.scratch_bt4c; (void)dl_bt4c__0;
#line 288
	float *buffer_a__0 = l_atty__0; (void)buffer_a__0;
	float *buffer_b__0 = l_fch_pre_gelu__0; (void)buffer_b__0;
#line 298
	float *const pointers__0[] = {
			dl_ln1w__0, dl_ln1b__0,
			dl_qkvw__0, dl_qkvb__0,
			dl_attprojw__0, dl_attprojb__0,
			dl_ln2w__0, dl_ln2b__0,
			dl_fcw__0, dl_fcb__0,
			dl_fcprojw__0, dl_fcprojb__0,
		}; (void)pointers__0;
	const size_t nelem__0[] = {
			C, C,
			3 * C * C, 3 * C,
			C * C, C,
			C, C,
			4 * C * C, 4 * C,
			C * 4 * C, C,
		}; (void)nelem__0;
#line 332
	float *const pointers_v2[] = {grads_wte, grads_wpe, grads_lnfw, grads_lnfb}; (void)pointers_v2;
	const size_t nelem_v2[] = {VP * C, T * C, C, C}; (void)nelem_v2;
#line 214
	DAGCC_RUN(zero_fill_losses, s, zero_fill(s, model->acts.losses, B * T));
	DAGCC_RUN(zero_fill_grads_memory, s, zero_fill(s, model->grads_memory, NUM_PARAMETERS));
	DAGCC_RUN(fused_classifier_output, s,
	fused_classifier(s, model->acts.output, model->acts.losses, 1.0f / (B * T), model->targets,
			 B, T, V, VP));
#line 227
	DAGCC_RUN(matmul_backward_nobias_scratch_bt4c, s,
	matmul_backward_nobias(s, model->acts.scratch_bt4c, grads_wte, model->acts.output,
			       model->acts.lnf, model->params.wte, B, T, C, VP));
#line 222
	DAGCC_RUN(zero_fill_dresidual, s, zero_fill(s, dresidual, B * T * C));
#line 230
	DAGCC_RUN(layernorm_backward_dresidual, s,
	layernorm_backward(s, dresidual, grads_lnfw, grads_lnfb, scratchF, model->acts.scratch_bt4c,
			   residual, model->params.lnfw, model->acts.lnf_mean, model->acts.lnf_rstd, B,
			   T, C));
#line 277
	DAGCC_RUN(matmul_backward_gelu_dl_bt4c_2, s,
	matmul_backward_gelu(s, dl_bt4c__2, dl_fcprojw__2, dl_fcprojb__2, dresidual, l_fch_gelu__2,
				     l_fcprojw__2, scratchF, l_fch_pre_gelu__2, B, T, 4 * C, C));
#line 279
	DAGCC_RUN(matmul_backward_dl_btc, s,
	matmul_backward(s, dl_btc, dl_fcw__2, dl_fcb__2, dl_bt4c__2, l_ln2__2, l_fcw__2, scratchF, B, T, C,
				4 * C));
#line 327
	DAGCC_RUN(global_sum_accumulated_mean_loss, s,
	global_sum(s, model->accumulated_mean_loss, model->acts.losses, B * T));
#line 316
	dagcc_coalesce_begin(model->world, s);
#line 316
	DAGCC_START(ar_pointers_2_11) dagcc_all_reduce_start(model->world, pointers__2[11], nelem__2[11], DAGCC_F32,
						 DAGCC_AVG, s);
#line 328
	DAGCC_START(ar_accumulated_mean_loss)
	dagcc_all_reduce_start(model->world, model->accumulated_mean_loss, 1, DAGCC_F32, DAGCC_AVG, s);
#line 335
	DAGCC_START(ar_pointers_v2_2)
	dagcc_all_reduce_start(model->world, pointers_v2[2], nelem_v2[2], DAGCC_F32, DAGCC_AVG, s);
#line 335
	DAGCC_START(ar_pointers_v2_3)
	dagcc_all_reduce_start(model->world, pointers_v2[3], nelem_v2[3], DAGCC_F32, DAGCC_AVG, s);
	dagcc_coalesce_end(model->world, s);
#line 282
	DAGCC_RUN(layernorm_backward_dresidual_2, s,
	layernorm_backward(s, dresidual, dl_ln2w__2, dl_ln2b__2, scratchF, dl_btc, l_residual2__2,
				   l_ln2w__2, l_ln2_mean__2, l_ln2_rstd__2, B, T, C));
#line 284
	DAGCC_RUN(matmul_backward_dl_btc_2, s,
	matmul_backward(s, dl_btc, dl_attprojw__2, dl_attprojb__2, dresidual, l_atty__2, l_attprojw__2,
				scratchF, B, T, C, C));
#line 289
	DAGCC_RUN(attention_backward_dl_bt4c_2, s,
	attention_backward(s, dl_bt4c__2, buffer_b__2, scratchF, buffer_a__2, dl_btc, l_qkvr__2, l_att__2, B,
				   T, C, NH));
#line 291
	DAGCC_RUN(matmul_backward_dl_btc_3, s,
	matmul_backward(s, dl_btc, dl_qkvw__2, dl_qkvb__2, dl_bt4c__2, l_ln1__2, l_qkvw__2, scratchF, B, T, C,
				3 * C));
#line 293
	DAGCC_RUN(layernorm_backward_dresidual_3, s,
	layernorm_backward(s, dresidual, dl_ln1w__2, dl_ln1b__2, scratchF, dl_btc, residual__a1, l_ln1w__2,
				   l_ln1_mean__2, l_ln1_rstd__2, B, T, C));
#line 277
	DAGCC_RUN(matmul_backward_gelu_dl_bt4c_1, s,
	matmul_backward_gelu(s, dl_bt4c__1, dl_fcprojw__1, dl_fcprojb__1, dresidual, l_fch_gelu__1,
				     l_fcprojw__1, scratchF, l_fch_pre_gelu__1, B, T, 4 * C, C));
#line 279
	DAGCC_RUN(matmul_backward_dl_btc_4, s,
	matmul_backward(s, dl_btc, dl_fcw__1, dl_fcb__1, dl_bt4c__1, l_ln2__1, l_fcw__1, scratchF, B, T, C,
				4 * C));
	DAGCC_RUN(layernorm_backward_dresidual_4, s,
	layernorm_backward(s, dresidual, dl_ln2w__1, dl_ln2b__1, scratchF, dl_btc, l_residual2__1,
				   l_ln2w__1, l_ln2_mean__1, l_ln2_rstd__1, B, T, C));
#line 284
	DAGCC_RUN(matmul_backward_dl_btc_5, s,
	matmul_backward(s, dl_btc, dl_attprojw__1, dl_attprojb__1, dresidual, l_atty__1, l_attprojw__1,
				scratchF, B, T, C, C));
#line 289
	DAGCC_RUN(attention_backward_dl_bt4c_1, s,
	attention_backward(s, dl_bt4c__1, buffer_b__1, scratchF, buffer_a__1, dl_btc, l_qkvr__1, l_att__1, B,
				   T, C, NH));
#line 291
	DAGCC_RUN(matmul_backward_dl_btc_6, s,
	matmul_backward(s, dl_btc, dl_qkvw__1, dl_qkvb__1, dl_bt4c__1, l_ln1__1, l_qkvw__1, scratchF, B, T, C,
				3 * C));
#line 293
	DAGCC_RUN(layernorm_backward_dresidual_5, s,
	layernorm_backward(s, dresidual, dl_ln1w__1, dl_ln1b__1, scratchF, dl_btc, residual__a2, l_ln1w__1,
				   l_ln1_mean__1, l_ln1_rstd__1, B, T, C));
#line 277
	DAGCC_RUN(matmul_backward_gelu_dl_bt4c_0, s,
	matmul_backward_gelu(s, dl_bt4c__0, dl_fcprojw__0, dl_fcprojb__0, dresidual, l_fch_gelu__0,
				     l_fcprojw__0, scratchF, l_fch_pre_gelu__0, B, T, 4 * C, C));
#line 279
	DAGCC_RUN(matmul_backward_dl_btc_7, s,
	matmul_backward(s, dl_btc, dl_fcw__0, dl_fcb__0, dl_bt4c__0, l_ln2__0, l_fcw__0, scratchF, B, T, C,
				4 * C));
	DAGCC_RUN(layernorm_backward_dresidual_6, s,
	layernorm_backward(s, dresidual, dl_ln2w__0, dl_ln2b__0, scratchF, dl_btc, l_residual2__0,
				   l_ln2w__0, l_ln2_mean__0, l_ln2_rstd__0, B, T, C));
#line 284
	DAGCC_RUN(matmul_backward_dl_btc_8, s,
	matmul_backward(s, dl_btc, dl_attprojw__0, dl_attprojb__0, dresidual, l_atty__0, l_attprojw__0,
				scratchF, B, T, C, C));
#line 289
	DAGCC_RUN(attention_backward_dl_bt4c_0, s,
	attention_backward(s, dl_bt4c__0, buffer_b__0, scratchF, buffer_a__0, dl_btc, l_qkvr__0, l_att__0, B,
				   T, C, NH));
#line 291
	DAGCC_RUN(matmul_backward_dl_btc_9, s,
	matmul_backward(s, dl_btc, dl_qkvw__0, dl_qkvb__0, dl_bt4c__0, l_ln1__0, l_qkvw__0, scratchF, B, T, C,
				3 * C));
#line 293
	DAGCC_RUN(layernorm_backward_dresidual_7, s,
	layernorm_backward(s, dresidual, dl_ln1w__0, dl_ln1b__0, scratchF, dl_btc, residual__a3, l_ln1w__0,
				   l_ln1_mean__0, l_ln1_rstd__0, B, T, C));
#line 324
	DAGCC_RUN(encoder_backward_grads_wte, s,
	encoder_backward(s, grads_wte, grads_wpe, dresidual, model->inputs, B, T, C, VP));
#line 315
	DAGCC_START(ar_bucket)
	dagcc_all_reduce_start(model->world, pointers_v2[0], (size_t)42688, DAGCC_F32, DAGCC_AVG, s);
#line 316
	dagcc_future_wait(&ar_pointers_2_11, s);
	dagcc_future_wait(&ar_accumulated_mean_loss, s);
	dagcc_future_wait(&ar_pointers_v2_2, s);
	dagcc_future_wait(&ar_pointers_v2_3, s);
#line 316
	dagcc_future_wait(&ar_bucket, s);
	DAGCC_PROFILE_STEP_END(s);
#line 343
}

/* The kernels on the host: the mpi backend's compute functions and the reference's. */

static void host_zero_fill(float *p, size_t n)
{
	memset(p, 0, n * sizeof *p);
}

static void host_fused_classifier(float *logits, float *losses, float dloss, const int *targets,
				  int b, int t, int v, int vp)
{
	for (int i = 0; i < b * t; i++) {
		float *row = logits + (size_t)i * vp;
		float max = row[0], sum = 0;
		for (int j = 1; j < v; j++)
			max = fmaxf(max, row[j]);
		for (int j = 0; j < v; j++)
			sum += expf(row[j] - max);
		for (int j = 0; j < v; j++) {
			float p = expf(row[j] - max) / sum;
			if (j == targets[i])
				losses[i] -= logf(p);
			row[j] = (p - (j == targets[i] ? 1.0f : 0.0f)) * dloss;
		}
		for (int j = v; j < vp; j++)
			row[j] = 0;
	}
}

/* dinp = dout weight; dweight += dout^T inp (inp (bt, c), weight (oc, c), dout (bt, oc)) */
static void host_matmul_backward_w(float *dinp, float *dweight, const float *dout,
				   const float *inp, const float *weight, int bt, int c, int oc)
{
	for (int i = 0; i < bt; i++)
		for (int k = 0; k < c; k++) {
			float acc = 0;
			for (int o = 0; o < oc; o++)
				acc += dout[(size_t)i * oc + o] * weight[(size_t)o * c + k];
			dinp[(size_t)i * c + k] = acc;
		}
	for (int o = 0; o < oc; o++)
		for (int k = 0; k < c; k++) {
			float acc = 0;
			for (int i = 0; i < bt; i++)
				acc += dout[(size_t)i * oc + o] * inp[(size_t)i * c + k];
			dweight[(size_t)o * c + k] += acc;
		}
}

static void host_bias_backward(float *dbias, float *dbias_buffer, const float *dout, int bt,
			       int oc)
{
	for (int o = 0; o < oc; o++) {
		float acc = 0;
		for (int i = 0; i < bt; i++)
			acc += dout[(size_t)i * oc + o];
		dbias_buffer[o] = acc;
	}
	for (int o = 0; o < oc; o++)
		dbias[o] += dbias_buffer[o];
}

/* dinp *= GELU'(pre_gelu), GELU's tanh approximation */
static void host_gelu_backward_inplace(float *dinp, const float *pre_gelu, size_t n)
{
	const float k = 0.7978845608f; /* sqrt(2 / pi) */
	for (size_t i = 0; i < n; i++) {
		float x = pre_gelu[i];
		float arg = k * (x + 0.044715f * x * x * x);
		float th = tanhf(arg), ch = coshf(arg);
		float grad = 0.5f * (1.0f + th) +
			     x * 0.5f * (1.0f / (ch * ch)) * k * (1.0f + 3.0f * 0.044715f * x * x);
		dinp[i] *= grad;
	}
}

static void host_layernorm_backward(float *dinp, float *dweight, float *dbias, float *scratch,
				    const float *dout, const float *inp, const float *weight,
				    const float *mean, const float *rstd, int bt, int c)
{
	float *dw = scratch, *db = scratch + c;
	memset(scratch, 0, 2 * (size_t)c * sizeof *scratch);
	for (int i = 0; i < bt; i++) {
		const float *dout_i = dout + (size_t)i * c, *inp_i = inp + (size_t)i * c;
		float *dinp_i = dinp + (size_t)i * c;
		float dnorm_mean = 0, dnorm_norm_mean = 0;
		for (int k = 0; k < c; k++) {
			float norm = (inp_i[k] - mean[i]) * rstd[i];
			float dnorm = weight[k] * dout_i[k];
			dnorm_mean += dnorm;
			dnorm_norm_mean += dnorm * norm;
		}
		dnorm_mean /= (float)c;
		dnorm_norm_mean /= (float)c;
		for (int k = 0; k < c; k++) {
			float norm = (inp_i[k] - mean[i]) * rstd[i];
			float dnorm = weight[k] * dout_i[k];
			db[k] += dout_i[k];
			dw[k] += norm * dout_i[k];
			dinp_i[k] += (dnorm - dnorm_mean - norm * dnorm_norm_mean) * rstd[i];
		}
	}
	for (int k = 0; k < c; k++) {
		dweight[k] += dw[k];
		dbias[k] += db[k];
	}
}

static void host_attention_backward(float *dinp, float *dqkvr, float *datt, float *scratch,
				    const float *dout, const float *qkvr, const float *att, int b,
				    int t, int c, int nh)
{
	int hs = c / nh;
	size_t btc = (size_t)b * t * c;
	const float *q = qkvr, *k = qkvr + btc, *v = qkvr + 2 * btc;
	float *dq = dqkvr, *dk = dqkvr + btc, *dv = dqkvr + 2 * btc;
	float scale = 1.0f / sqrtf((float)hs);
	/* unpermute: scratch (b, nh, t, hs) from dout (b, t, c) */
	for (int bb = 0; bb < b; bb++)
		for (int h = 0; h < nh; h++)
			for (int i = 0; i < t; i++)
				for (int d = 0; d < hs; d++)
					scratch[(((size_t)bb * nh + h) * t + i) * hs + d] =
						dout[((size_t)bb * t + i) * c + h * hs + d];
	for (int bh = 0; bh < b * nh; bh++) {
		const float *qh = q + (size_t)bh * t * hs, *kh = k + (size_t)bh * t * hs;
		const float *vh = v + (size_t)bh * t * hs, *ah = att + (size_t)bh * t * t;
		const float *sh = scratch + (size_t)bh * t * hs;
		float *dah = datt + (size_t)bh * t * t, *dqh = dq + (size_t)bh * t * hs;
		float *dkh = dk + (size_t)bh * t * hs, *dvh = dv + (size_t)bh * t * hs;
		/* datt = scratch v^T */
		for (int i = 0; i < t; i++)
			for (int j = 0; j < t; j++) {
				float acc = 0;
				for (int d = 0; d < hs; d++)
					acc += sh[i * hs + d] * vh[j * hs + d];
				dah[i * t + j] = acc;
			}
		/* dv = att^T scratch */
		for (int j = 0; j < t; j++)
			for (int d = 0; d < hs; d++) {
				float acc = 0;
				for (int i = 0; i < t; i++)
					acc += ah[i * t + j] * sh[i * hs + d];
				dvh[j * hs + d] = acc;
			}
		/* datt becomes the gradient before the causal softmax, scaled */
		for (int i = 0; i < t; i++) {
			float dot = 0;
			for (int j = 0; j <= i; j++)
				dot += ah[i * t + j] * dah[i * t + j];
			for (int j = 0; j < t; j++)
				dah[i * t + j] = j <= i ? scale * ah[i * t + j] * (dah[i * t + j] - dot) : 0;
		}
		/* dq = datt k, dk = datt^T q */
		for (int i = 0; i < t; i++)
			for (int d = 0; d < hs; d++) {
				float acc = 0;
				for (int j = 0; j < t; j++)
					acc += dah[i * t + j] * kh[j * hs + d];
				dqh[i * hs + d] = acc;
			}
		for (int j = 0; j < t; j++)
			for (int d = 0; d < hs; d++) {
				float acc = 0;
				for (int i = 0; i < t; i++)
					acc += dah[i * t + j] * qh[i * hs + d];
				dkh[j * hs + d] = acc;
			}
	}
	/* permute: dinp (b, t, 3c) from dq, dk, dv (b, nh, t, hs) */
	for (int bb = 0; bb < b; bb++)
		for (int i = 0; i < t; i++)
			for (int h = 0; h < nh; h++)
				for (int d = 0; d < hs; d++) {
					size_t from = (((size_t)bb * nh + h) * t + i) * hs + d;
					size_t to = ((size_t)bb * t + i) * 3 * c + h * hs + d;
					dinp[to] = dq[from];
					dinp[to + c] = dk[from];
					dinp[to + 2 * c] = dv[from];
				}
}

static void host_encoder_backward(float *dwte, float *dwpe, const float *dout, const int *inp,
				  int b, int t, int c)
{
	for (int i = 0; i < b * t; i++)
		for (int k = 0; k < c; k++) {
			dwte[(size_t)inp[i] * c + k] += dout[(size_t)i * c + k];
			dwpe[(size_t)(i % t) * c + k] += dout[(size_t)i * c + k];
		}
}

static void host_global_sum(float *out, const float *in, int n)
{
	float acc = 0;
	for (int i = 0; i < n; i++)
		acc += in[i];
	out[0] = acc;
}

/* With the mpi backend a stream is in order by construction and the kernels run on the host;
 * for the cuda backend, build with -DDAGCC_CUDA_KERNELS and the kernels in examples/cuda/. */
#ifndef DAGCC_CUDA_KERNELS
void zero_fill(dagcc_stream_t s, float *p, size_t n)
{
	(void)s;
	host_zero_fill(p, n);
}

void fused_classifier(dagcc_stream_t s, float *logits, float *losses, float dloss,
		      const int *targets, int b, int t, int v, int vp)
{
	(void)s;
	host_fused_classifier(logits, losses, dloss, targets, b, t, v, vp);
}

void matmul_backward(dagcc_stream_t s, float *dinp, float *dweight, float *dbias,
		     const float *dout, const float *inp, const float *weight, float *dbias_buffer,
		     int b, int t, int c, int oc)
{
	(void)s;
	host_bias_backward(dbias, dbias_buffer, dout, b * t, oc);
	host_matmul_backward_w(dinp, dweight, dout, inp, weight, b * t, c, oc);
}

void matmul_backward_gelu(dagcc_stream_t s, float *dinp, float *dweight, float *dbias,
			  const float *dout, const float *inp, const float *weight,
			  float *dbias_buffer, const float *pre_gelu, int b, int t, int c, int oc)
{
	(void)s;
	host_bias_backward(dbias, dbias_buffer, dout, b * t, oc);
	host_matmul_backward_w(dinp, dweight, dout, inp, weight, b * t, c, oc);
	host_gelu_backward_inplace(dinp, pre_gelu, (size_t)b * t * c);
}

void matmul_backward_nobias(dagcc_stream_t s, float *dinp, float *dweight, const float *dout,
			    const float *inp, const float *weight, int b, int t, int c, int oc)
{
	(void)s;
	host_matmul_backward_w(dinp, dweight, dout, inp, weight, b * t, c, oc);
}

void layernorm_backward(dagcc_stream_t s, float *dinp, float *dweight, float *dbias,
			float *scratch, const float *dout, const float *inp, const float *weight,
			const float *mean, const float *rstd, int b, int t, int c)
{
	(void)s;
	host_layernorm_backward(dinp, dweight, dbias, scratch, dout, inp, weight, mean, rstd, b * t,
				c);
}

void attention_backward(dagcc_stream_t s, float *dinp, float *dqkvr, float *datt, float *scratch,
			const float *dout, const float *qkvr, const float *att, int b, int t, int c,
			int nh)
{
	(void)s;
	host_attention_backward(dinp, dqkvr, datt, scratch, dout, qkvr, att, b, t, c, nh);
}

void encoder_backward(dagcc_stream_t s, float *dwte, float *dwpe, const float *dout,
		      const int *inp, int b, int t, int c, int vp)
{
	(void)s;
	(void)vp;
	host_encoder_backward(dwte, dwpe, dout, inp, b, t, c);
}

void global_sum(dagcc_stream_t s, float *out, const float *in, int n)
{
	(void)s;
	host_global_sum(out, in, n);
}
#endif

/* Layouts, as llm.c's fill_in_parameter_sizes and fill_in_activation_sizes give them. */

static void fill_in_parameter_sizes(size_t *sizes)
{
	const size_t c = C, l = L;
	const size_t s[NUM_PARAMETER_TENSORS] = {
		(size_t)VP * c, (size_t)MAXT * c, l * c, l * c, l * 3 * c * c, l * 3 * c,
		l * c * c, l * c, l * c, l * c, l * 4 * c * c, l * 4 * c, l * c * 4 * c, l * c, c,
		c,
	};
	memcpy(sizes, s, sizeof s);
}

static void point_parameters(ParameterTensors *p, float *memory)
{
	size_t sizes[NUM_PARAMETER_TENSORS];
	fill_in_parameter_sizes(sizes);
	float **ptrs[NUM_PARAMETER_TENSORS] = {
		&p->wte, &p->wpe, &p->ln1w, &p->ln1b, &p->qkvw, &p->qkvb, &p->attprojw, &p->attprojb,
		&p->ln2w, &p->ln2b, &p->fcw, &p->fcb, &p->fcprojw, &p->fcprojb, &p->lnfw, &p->lnfb,
	};
	for (int i = 0; i < NUM_PARAMETER_TENSORS; i++) {
		*ptrs[i] = memory;
		memory += sizes[i];
	}
}

static size_t fill_in_activation_sizes(size_t *sizes)
{
	const size_t b = B, t = T, c = C, l = L, nh = NH;
	const size_t s[NUM_ACTIVATION_TENSORS] = {
		b * t * c, /* encoded */
		l * b * t * c, l * b * t, l * b * t, /* ln1, ln1_mean, ln1_rstd */
		l * b * t * c, /* atty */
		l * b * nh * t * t, /* att */
		l * b * t * c, l * b * t * c, l * b * t, l * b * t, /* residual2, ln2, mean, rstd */
		l * b * t * 4 * c, l * b * t * 4 * c, /* fch, fch_gelu */
		l * b * t * c, /* residual3 */
		b * t * c, b * t, b * t, /* lnf, lnf_mean, lnf_rstd */
		b * t, /* losses */
		l * b * t * 3 * c, /* qkvr */
		b * t * MAX2(3 * c, MAX2(nh * t, (size_t)VP)), /* output */
		b * t * 4 * c, b * t * c, /* scratch_bt4c, scratch_btc */
	};
	size_t total = 0;
	for (int i = 0; i < NUM_ACTIVATION_TENSORS; i++)
		total += sizes[i] = s[i];
	return total;
}

static void point_activations(ActivationTensors *a, float *memory)
{
	size_t sizes[NUM_ACTIVATION_TENSORS];
	fill_in_activation_sizes(sizes);
	float **ptrs[NUM_ACTIVATION_TENSORS] = {
		&a->encoded, &a->ln1, &a->ln1_mean, &a->ln1_rstd, &a->atty, &a->att,
		&a->residual2, &a->ln2, &a->ln2_mean, &a->ln2_rstd, &a->fch, &a->fch_gelu,
		&a->residual3, &a->lnf, &a->lnf_mean, &a->lnf_rstd, &a->losses, &a->qkvr,
		&a->output, &a->scratch_bt4c, &a->scratch_btc,
	};
	for (int i = 0; i < NUM_ACTIVATION_TENSORS; i++) {
		*ptrs[i] = memory;
		memory += sizes[i];
	}
}

/* Each rank's data: what its forward pass would have saved (small values; layer norms'
 * reciprocal deviations near 1), and its tokens. */
static void saved_activations(float *acts_memory, size_t n, int rank)
{
	fill(acts_memory, n, 11u + 37u * (unsigned)rank);
	ActivationTensors a;
	point_activations(&a, acts_memory);
	for (size_t i = 0; i < (size_t)L * B * T; i++) {
		a.ln1_rstd[i] += 1.0f;
		a.ln2_rstd[i] += 1.0f;
	}
	for (size_t i = 0; i < (size_t)B * T; i++)
		a.lnf_rstd[i] += 1.0f;
}

/* The same parameters on every rank, the layer norms' weights near 1. */
static void parameters(float *params_memory, size_t n)
{
	fill(params_memory, n, 1u);
	ParameterTensors p;
	point_parameters(&p, params_memory);
	for (size_t i = 0; i < (size_t)L * C; i++) {
		p.ln1w[i] += 1.0f;
		p.ln2w[i] += 1.0f;
	}
	for (size_t i = 0; i < C; i++)
		p.lnfw[i] += 1.0f;
}

static void tokens(int *inputs, int *targets, int rank)
{
	unsigned seed = 5u + 91u * (unsigned)rank;
	for (int i = 0; i < B * T; i++) {
		seed = seed * 1103515245u + 12345u;
		inputs[i] = (int)((seed >> 16) % V);
		seed = seed * 1103515245u + 12345u;
		targets[i] = (int)((seed >> 16) % V);
	}
}

/* The gradients of one rank's backward pass, on the host, in the order of the graph above. */
static void reference_backward(const ParameterTensors *params, float *grads_memory,
			       const ActivationTensors *acts, const int *inputs,
			       const int *targets, float *loss)
{
	ParameterTensors grads;
	point_parameters(&grads, grads_memory);
	host_zero_fill(acts->losses, B * T);
	host_zero_fill(grads_memory, NUM_PARAMETERS);
	host_fused_classifier(acts->output, acts->losses, 1.0f / (B * T), targets, B, T, V, VP);
	float *dresidual = acts->scratch_btc, *scratchF = acts->output;
	host_zero_fill(dresidual, B * T * C);
	host_matmul_backward_w(acts->scratch_bt4c, grads.wte, acts->output, acts->lnf, params->wte,
			       B * T, C, VP);
	float *residual = acts->residual3 + (size_t)(L - 1) * B * T * C;
	host_layernorm_backward(dresidual, grads.lnfw, grads.lnfb, scratchF, acts->scratch_bt4c,
				residual, params->lnfw, acts->lnf_mean, acts->lnf_rstd, B * T, C);
	float *dl_btc = residual, *dl_bt4c = acts->scratch_bt4c;
	const size_t btc = (size_t)B * T * C, bt = (size_t)B * T;
	for (int l = L - 1; l >= 0; l--) {
		residual = l == 0 ? acts->encoded : acts->residual3 + (size_t)(l - 1) * btc;
		float *l_atty = acts->atty + l * btc, *l_fch = acts->fch + l * 4 * btc;
		host_bias_backward(grads.fcprojb + l * C, scratchF, dresidual, B * T, C);
		host_matmul_backward_w(dl_bt4c, grads.fcprojw + (size_t)l * C * 4 * C, dresidual,
				       acts->fch_gelu + l * 4 * btc,
				       params->fcprojw + (size_t)l * C * 4 * C, B * T, 4 * C, C);
		host_gelu_backward_inplace(dl_bt4c, l_fch, 4 * btc);
		host_bias_backward(grads.fcb + l * 4 * C, scratchF, dl_bt4c, B * T, 4 * C);
		host_matmul_backward_w(dl_btc, grads.fcw + (size_t)l * 4 * C * C, dl_bt4c,
				       acts->ln2 + l * btc, params->fcw + (size_t)l * 4 * C * C, B * T,
				       C, 4 * C);
		host_layernorm_backward(dresidual, grads.ln2w + l * C, grads.ln2b + l * C, scratchF,
					dl_btc, acts->residual2 + l * btc, params->ln2w + l * C,
					acts->ln2_mean + l * bt, acts->ln2_rstd + l * bt, B * T, C);
		host_bias_backward(grads.attprojb + l * C, scratchF, dresidual, B * T, C);
		host_matmul_backward_w(dl_btc, grads.attprojw + (size_t)l * C * C, dresidual, l_atty,
				       params->attprojw + (size_t)l * C * C, B * T, C, C);
		host_attention_backward(dl_bt4c, l_fch, scratchF, l_atty, dl_btc,
					acts->qkvr + l * 3 * btc, acts->att + (size_t)l * B * NH * T * T,
					B, T, C, NH);
		host_bias_backward(grads.qkvb + l * 3 * C, scratchF, dl_bt4c, B * T, 3 * C);
		host_matmul_backward_w(dl_btc, grads.qkvw + (size_t)l * 3 * C * C, dl_bt4c,
				       acts->ln1 + l * btc, params->qkvw + (size_t)l * 3 * C * C, B * T,
				       C, 3 * C);
		host_layernorm_backward(dresidual, grads.ln1w + l * C, grads.ln1b + l * C, scratchF,
					dl_btc, residual, params->ln1w + l * C, acts->ln1_mean + l * bt,
					acts->ln1_rstd + l * bt, B * T, C);
	}
	host_encoder_backward(grads.wte, grads.wpe, dresidual, inputs, B, T, C);
	host_global_sum(loss, acts->losses, B * T);
}

/* The gradient slices the step reduces, as offsets into grads_memory and sizes. */
static int reduced_slices(size_t *off, size_t *n)
{
	size_t sizes[NUM_PARAMETER_TENSORS], start[NUM_PARAMETER_TENSORS], at = 0;
	fill_in_parameter_sizes(sizes);
	for (int i = 0; i < NUM_PARAMETER_TENSORS; i++) {
		start[i] = at;
		at += sizes[i];
	}
	int k = 0;
	for (int l = 0; l < L; l++)
		for (int i = 2; i < 14; i++) { /* ln1w .. fcprojb */
			off[k] = start[i] + l * (sizes[i] / L);
			n[k++] = sizes[i] / L;
		}
	const size_t last[4][2] = {{start[0], (size_t)VP * C},
				   {start[1], (size_t)T * C},
				   {start[14], C},
				   {start[15], C}};
	for (int i = 0; i < 4; i++) {
		off[k] = last[i][0];
		n[k++] = last[i][1];
	}
	return k;
}

/* This rank's part of each reduced slice: all of it, or its shard under ZeRO-1. */
static void mine(size_t n, int rank, size_t *from, size_t *to)
{
	*from = ZERO ? n / NPROC * (size_t)rank : 0;
	*to = ZERO ? *from + n / NPROC : n;
}

/* Every rank's backward pass, here, averaged: the largest relative difference from what this
 * rank got, over the loss and each reduced slice (this rank's part of it): the largest
 * difference over the largest value. */
static double reference(int size, int rank, const float *params_host, const float *got,
			float got_loss)
{
	size_t np = NUM_PARAMETERS, na = fill_in_activation_sizes((size_t[NUM_ACTIVATION_TENSORS]){0});
	float *grads = malloc(np * sizeof *grads), *acts_memory = malloc(na * sizeof *acts_memory);
	double *mean = calloc(np, sizeof *mean);
	int *inputs = malloc(B * T * sizeof *inputs), *targets = malloc(B * T * sizeof *targets);
	if (!grads || !acts_memory || !mean || !inputs || !targets)
		abort();
	ParameterTensors params;
	point_parameters(&params, (float *)params_host);
	ActivationTensors acts;
	point_activations(&acts, acts_memory);
	double loss = 0;
	for (int r = 0; r < size; r++) {
		saved_activations(acts_memory, na, r);
		tokens(inputs, targets, r);
		float l;
		reference_backward(&params, grads, &acts, inputs, targets, &l);
		loss += l;
		for (size_t i = 0; i < np; i++)
			mean[i] += grads[i];
	}
	size_t off[12 * L + 4], n[12 * L + 4];
	int k = reduced_slices(off, n);
	double err = fabs(got_loss - loss / size) / fabs(loss / size);
	for (int j = 0; j < k; j++) {
		size_t from, to;
		double diff = 0, norm = 0;
		mine(n[j], rank, &from, &to);
		for (size_t i = off[j] + from; i < off[j] + to; i++) {
			diff = fmax(diff, fabs(got[i] - mean[i] / size));
			norm = fmax(norm, fabs(mean[i] / size));
		}
		err = fmax(err, norm > 0 ? diff / norm : diff);
	}
	free(grads);
	free(acts_memory);
	free(mean);
	free(inputs);
	free(targets);
	return err;
}

int main(int argc, char **argv)
{
	dagcc_init(&argc, &argv);
	int verify = argc > 1 && strcmp(argv[1], "--verify") == 0;
	GPT2 model;
	model.world = dagcc_world();
	int rank = dagcc_group_rank(model.world), size = dagcc_group_size(model.world);
	if (ZERO && size != NPROC) {
		if (rank == 0)
			fprintf(stderr, "llmc_backward: built for ZeRO-1 over NPROC=%d ranks, run with %d\n",
				NPROC, size);
		dagcc_finalize();
		return 1;
	}
	size_t np = NUM_PARAMETERS, na = fill_in_activation_sizes((size_t[NUM_ACTIVATION_TENSORS]){0});

	/* the same parameters everywhere, this rank's activations and tokens, stale gradients */
	float *host = malloc(MAX2(np, na) * sizeof *host), *params_host = malloc(np * sizeof *params_host);
	int *tok = malloc(2 * B * T * sizeof *tok);
	if (!host || !params_host || !tok)
		abort();
	parameters(params_host, np);
	model.params_memory = dagcc_malloc(np * sizeof(float));
	dagcc_copy_to_device(model.params_memory, params_host, np * sizeof(float));
	point_parameters(&model.params, model.params_memory);
	model.grads_memory = filled(np, 99u);
	saved_activations(host, na, rank);
	model.acts_memory = dagcc_malloc(na * sizeof(float));
	dagcc_copy_to_device(model.acts_memory, host, na * sizeof(float));
	point_activations(&model.acts, model.acts_memory);
	tokens(tok, tok + B * T, rank);
	model.inputs = dagcc_malloc(B * T * sizeof(int));
	model.targets = dagcc_malloc(B * T * sizeof(int));
	dagcc_copy_to_device(model.inputs, tok, B * T * sizeof(int));
	dagcc_copy_to_device(model.targets, tok + B * T, B * T * sizeof(int));
	model.accumulated_mean_loss = filled(1, 7u);

	dagcc_stream_t s = dagcc_stream_default();
	gpt2_backward_and_reduce(&model, s);
	dagcc_stream_sync(s);

	float loss;
	dagcc_copy_to_host(host, model.grads_memory, np * sizeof(float));
	dagcc_copy_to_host(&loss, model.accumulated_mean_loss, sizeof loss);
	size_t off[12 * L + 4], n[12 * L + 4];
	int k = reduced_slices(off, n);
	double sum = 0;
	for (int j = 0; j < k; j++) {
		size_t from, to;
		mine(n[j], rank, &from, &to);
		for (size_t i = off[j] + from; i < off[j] + to; i++)
			sum += host[i] * (double)(i % 3 + 1);
	}
	printf("rank %d grad checksum %.9e loss %.9e\n", rank, sum, loss / (B * T));
	int bad = 0;
	if (verify) {
		double err = reference(size, rank, params_host, host, loss);
		bad = !(err < 1e-4);
		printf("rank %d verify: relative error %.2e against the single-rank reference: %s\n",
		       rank, err, bad ? "FAIL" : "ok");
	}
	free(host);
	free(params_host);
	free(tok);
	dagcc_free(model.params_memory);
	dagcc_free(model.grads_memory);
	dagcc_free(model.acts_memory);
	dagcc_free(model.inputs);
	dagcc_free(model.targets);
	dagcc_free(model.accumulated_mean_loss);
	dagcc_finalize();
	return bad;
}
/* dagcc: the macro values the graphs above were built for */
#if !defined(VP) || (VP) != (((100 + 127) / 128 * 128))
#line 197
#pragma message("VP is " DAGCC_XSTR(VP) " in this build")
#line 197
#error "dagcc overlapped this file with VP = ((100 + 127) / 128 * 128): run dagcc again with this build's flags"
#endif
#if !defined(C) || (C) != (32)
#line 197
#pragma message("C is " DAGCC_XSTR(C) " in this build")
#line 197
#error "dagcc overlapped this file with C = 32: run dagcc again with this build's flags"
#endif
#if !defined(MAXT) || (MAXT) != (16)
#line 198
#pragma message("MAXT is " DAGCC_XSTR(MAXT) " in this build")
#line 198
#error "dagcc overlapped this file with MAXT = 16: run dagcc again with this build's flags"
#endif
#if !defined(L) || (L) != (3)
#line 199
#pragma message("L is " DAGCC_XSTR(L) " in this build")
#line 199
#error "dagcc overlapped this file with L = 3: run dagcc again with this build's flags"
#endif
#if !defined(B) || (B) != (2)
#line 214
#pragma message("B is " DAGCC_XSTR(B) " in this build")
#line 214
#error "dagcc overlapped this file with B = 2: run dagcc again with this build's flags"
#endif
#if !defined(T) || (T) != (16)
#line 214
#pragma message("T is " DAGCC_XSTR(T) " in this build")
#line 214
#error "dagcc overlapped this file with T = 16: run dagcc again with this build's flags"
#endif
#if !defined(V) || (V) != (100)

#pragma message("V is " DAGCC_XSTR(V) " in this build")
#line 218
#error "dagcc overlapped this file with V = 100: run dagcc again with this build's flags"
#endif
#if !defined(NH) || (NH) != (4)
#line 268
#pragma message("NH is " DAGCC_XSTR(NH) " in this build")
#line 268
#error "dagcc overlapped this file with NH = 4: run dagcc again with this build's flags"
#endif
#if !defined(ZERO) || (ZERO) != (0)
#line 315
#pragma message("ZERO is " DAGCC_XSTR(ZERO) " in this build")
#line 315
#error "dagcc overlapped this file with ZERO = 0: run dagcc again with this build's flags"
#endif
#if !defined(NPROC) || (NPROC) != (4)
#line 320
#pragma message("NPROC is " DAGCC_XSTR(NPROC) " in this build")
#line 320
#error "dagcc overlapped this file with NPROC = 4: run dagcc again with this build's flags"
#endif
