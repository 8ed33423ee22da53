status 0
--- stdout
--- stderr
--- file
#include "dagcc_rt.h" /* added by dagcc */
#define DAGCC_PTRS_loss_grad(a0, a1, a2, a3) (a1), (a2)
#define DAGCC_PTRS_matmul(a0, a1, a2, a3, a4, a5, a6) (a1), (a2), (a3)
#define DAGCC_PTRS_matmul_dw_acc(a0, a1, a2, a3, a4, a5, a6) (a1), (a2), (a3)
#define DAGCC_PTRS_matmul_dx(a0, a1, a2, a3, a4, a5, a6) (a1), (a2), (a3)
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step {
	dagcc_site_access matmul_y_0[3], matmul_y_1[3], matmul_y_2[3], matmul_y_3[3];
	dagcc_site_access matmul_dx_dx_0[3], matmul_dx_dx_1[3], matmul_dx_dx_2[3], matmul_dx_dx_3[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step {
	dagcc_site matmul_y_0, matmul_y_1, matmul_y_2, matmul_y_3;
	dagcc_site send_y_0, send_y_1, send_y_2, send_y_3;
	dagcc_site recv_dy_0, recv_dy_1, recv_dy_2, recv_dy_3;
	dagcc_site matmul_dx_dx_0, matmul_dx_dx_1, matmul_dx_dx_2, matmul_dx_dx_3;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
} dagcc_sites_step DAGCC_MAYBE_UNUSED = {
	.matmul_y_0 = {"matmul", 0, 3, 0, 3, dagcc_acc_step.matmul_y_0, NULL},
	.matmul_y_1 = {"matmul", 0, 3, 1, 3, dagcc_acc_step.matmul_y_1, NULL},
	.matmul_y_2 = {"matmul", 0, 3, 2, 3, dagcc_acc_step.matmul_y_2, NULL},
	.matmul_y_3 = {"matmul", 0, 3, 3, 3, dagcc_acc_step.matmul_y_3, NULL},
	.send_y_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_y_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_y_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_y_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
	.recv_dy_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_dy_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_dy_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_dy_3 = {"recv", 0, 4, 3, 0, NULL, "st->pp"},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step.matmul_dx_dx_0, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step.matmul_dx_dx_3, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step.matmul_dw_acc_gw_4, NULL},
};
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step_r1 {
	dagcc_site_access matmul_y_0[3], matmul_y_1[3], matmul_y_2[3], matmul_y_3[3];
	dagcc_site_access matmul_dx_dx_0[3], matmul_dx_dx_1[3], matmul_dx_dx_2[3], matmul_dx_dx_3[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step_r1 = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step_r1 {
	dagcc_site recv_x_0, recv_x_1, recv_x_2, recv_x_3;
	dagcc_site matmul_y_0, matmul_y_1, matmul_y_2, matmul_y_3;
	dagcc_site send_y_0, send_y_1, send_y_2, send_y_3;
	dagcc_site recv_dy_0, recv_dy_1, recv_dy_2, recv_dy_3;
	dagcc_site matmul_dx_dx_0, matmul_dx_dx_1, matmul_dx_dx_2, matmul_dx_dx_3;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
	dagcc_site send_dx_0, send_dx_1, send_dx_2, send_dx_3;
} dagcc_sites_step_r1 DAGCC_MAYBE_UNUSED = {
	.recv_x_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_x_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_x_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_x_3 = {"recv", 0, 4, 3, 0, NULL, "st->pp"},
	.matmul_y_0 = {"matmul", 0, 3, 0, 3, dagcc_acc_step_r1.matmul_y_0, NULL},
	.matmul_y_1 = {"matmul", 0, 3, 1, 3, dagcc_acc_step_r1.matmul_y_1, NULL},
	.matmul_y_2 = {"matmul", 0, 3, 2, 3, dagcc_acc_step_r1.matmul_y_2, NULL},
	.matmul_y_3 = {"matmul", 0, 3, 3, 3, dagcc_acc_step_r1.matmul_y_3, NULL},
	.send_y_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_y_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_y_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_y_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
	.recv_dy_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_dy_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_dy_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_dy_3 = {"recv", 0, 4, 3, 0, NULL, "st->pp"},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step_r1.matmul_dx_dx_0, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step_r1.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step_r1.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step_r1.matmul_dx_dx_3, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step_r1.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step_r1.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step_r1.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step_r1.matmul_dw_acc_gw_4, NULL},
	.send_dx_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_dx_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_dx_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_dx_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
};
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step_r4 {
	dagcc_site_access matmul_y_0[3], matmul_y_1[3], matmul_y_2[3];
	dagcc_site_access matmul_y_3[3];
	dagcc_site_access matmul_dx_dx_0[3], matmul_dx_dx_1[3], matmul_dx_dx_2[3], matmul_dx_dx_3[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step_r4 = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step_r4 {
	dagcc_site recv_x_0, recv_x_1, recv_x_2;
	dagcc_site matmul_y_0, matmul_y_1, matmul_y_2;
	dagcc_site send_y_0, send_y_1, send_y_2;
	dagcc_site recv_x_3;
	dagcc_site matmul_y_3;
	dagcc_site recv_dy_0, recv_dy_1, recv_dy_2, recv_dy_3;
	dagcc_site send_y_3;
	dagcc_site matmul_dx_dx_0, matmul_dx_dx_1, matmul_dx_dx_2, matmul_dx_dx_3;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
	dagcc_site send_dx_0, send_dx_1, send_dx_2, send_dx_3;
} dagcc_sites_step_r4 DAGCC_MAYBE_UNUSED = {
	.recv_x_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_x_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_x_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.matmul_y_0 = {"matmul", 0, 3, 0, 3, dagcc_acc_step_r4.matmul_y_0, NULL},
	.matmul_y_1 = {"matmul", 0, 3, 1, 3, dagcc_acc_step_r4.matmul_y_1, NULL},
	.matmul_y_2 = {"matmul", 0, 3, 2, 3, dagcc_acc_step_r4.matmul_y_2, NULL},
	.send_y_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_y_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_y_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_x_3 = {"recv", 0, 5, 0, 0, NULL, "st->pp"},
	.matmul_y_3 = {"matmul", 0, 4, 0, 3, dagcc_acc_step_r4.matmul_y_3, NULL},
	.recv_dy_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_dy_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_dy_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_dy_3 = {"recv", 0, 4, 3, 0, NULL, "st->pp"},
	.send_y_3 = {"send", 0, 5, 0, 0, NULL, "st->pp"},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step_r4.matmul_dx_dx_0, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step_r4.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step_r4.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step_r4.matmul_dx_dx_3, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step_r4.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step_r4.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step_r4.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step_r4.matmul_dw_acc_gw_4, NULL},
	.send_dx_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_dx_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_dx_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_dx_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
};
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step_r5 {
	dagcc_site_access matmul_y_0[3], matmul_y_1[3];
	dagcc_site_access matmul_y_2[3], matmul_y_3[3];
	dagcc_site_access matmul_dx_dx_0[3], matmul_dx_dx_1[3], matmul_dx_dx_2[3], matmul_dx_dx_3[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step_r5 = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step_r5 {
	dagcc_site recv_x_0, recv_x_1;
	dagcc_site matmul_y_0, matmul_y_1;
	dagcc_site send_y_0, send_y_1;
	dagcc_site recv_x_2, recv_x_3;
	dagcc_site matmul_y_2, matmul_y_3;
	dagcc_site recv_dy_0, recv_dy_1, recv_dy_2, recv_dy_3;
	dagcc_site send_y_2, send_y_3;
	dagcc_site matmul_dx_dx_0, matmul_dx_dx_1, matmul_dx_dx_2, matmul_dx_dx_3;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
	dagcc_site send_dx_0, send_dx_1, send_dx_2, send_dx_3;
} dagcc_sites_step_r5 DAGCC_MAYBE_UNUSED = {
	.recv_x_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_x_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.matmul_y_0 = {"matmul", 0, 3, 0, 3, dagcc_acc_step_r5.matmul_y_0, NULL},
	.matmul_y_1 = {"matmul", 0, 3, 1, 3, dagcc_acc_step_r5.matmul_y_1, NULL},
	.send_y_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_y_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_x_2 = {"recv", 0, 5, 0, 0, NULL, "st->pp"},
	.recv_x_3 = {"recv", 0, 5, 1, 0, NULL, "st->pp"},
	.matmul_y_2 = {"matmul", 0, 4, 0, 3, dagcc_acc_step_r5.matmul_y_2, NULL},
	.matmul_y_3 = {"matmul", 0, 4, 1, 3, dagcc_acc_step_r5.matmul_y_3, NULL},
	.recv_dy_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_dy_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_dy_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_dy_3 = {"recv", 0, 4, 3, 0, NULL, "st->pp"},
	.send_y_2 = {"send", 0, 5, 0, 0, NULL, "st->pp"},
	.send_y_3 = {"send", 0, 5, 1, 0, NULL, "st->pp"},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step_r5.matmul_dx_dx_0, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step_r5.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step_r5.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step_r5.matmul_dx_dx_3, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step_r5.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step_r5.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step_r5.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step_r5.matmul_dw_acc_gw_4, NULL},
	.send_dx_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_dx_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_dx_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_dx_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
};
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step_r6 {
	dagcc_site_access matmul_y_0[3];
	dagcc_site_access matmul_y_1[3], matmul_y_2[3], matmul_y_3[3];
	dagcc_site_access matmul_dx_dx_0[3], matmul_dx_dx_1[3], matmul_dx_dx_2[3], matmul_dx_dx_3[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step_r6 = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step_r6 {
	dagcc_site recv_x_0;
	dagcc_site matmul_y_0;
	dagcc_site send_y_0;
	dagcc_site recv_x_1, recv_x_2, recv_x_3;
	dagcc_site matmul_y_1, matmul_y_2, matmul_y_3;
	dagcc_site recv_dy_0, recv_dy_1, recv_dy_2, recv_dy_3;
	dagcc_site send_y_1, send_y_2, send_y_3;
	dagcc_site matmul_dx_dx_0, matmul_dx_dx_1, matmul_dx_dx_2, matmul_dx_dx_3;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
	dagcc_site send_dx_0, send_dx_1, send_dx_2, send_dx_3;
} dagcc_sites_step_r6 DAGCC_MAYBE_UNUSED = {
	.recv_x_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.matmul_y_0 = {"matmul", 0, 3, 0, 3, dagcc_acc_step_r6.matmul_y_0, NULL},
	.send_y_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_x_1 = {"recv", 0, 5, 0, 0, NULL, "st->pp"},
	.recv_x_2 = {"recv", 0, 5, 1, 0, NULL, "st->pp"},
	.recv_x_3 = {"recv", 0, 5, 2, 0, NULL, "st->pp"},
	.matmul_y_1 = {"matmul", 0, 4, 0, 3, dagcc_acc_step_r6.matmul_y_1, NULL},
	.matmul_y_2 = {"matmul", 0, 4, 1, 3, dagcc_acc_step_r6.matmul_y_2, NULL},
	.matmul_y_3 = {"matmul", 0, 4, 2, 3, dagcc_acc_step_r6.matmul_y_3, NULL},
	.recv_dy_0 = {"recv", 0, 4, 0, 0, NULL, "st->pp"},
	.recv_dy_1 = {"recv", 0, 4, 1, 0, NULL, "st->pp"},
	.recv_dy_2 = {"recv", 0, 4, 2, 0, NULL, "st->pp"},
	.recv_dy_3 = {"recv", 0, 4, 3, 0, NULL, "st->pp"},
	.send_y_1 = {"send", 0, 5, 0, 0, NULL, "st->pp"},
	.send_y_2 = {"send", 0, 5, 1, 0, NULL, "st->pp"},
	.send_y_3 = {"send", 0, 5, 2, 0, NULL, "st->pp"},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step_r6.matmul_dx_dx_0, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step_r6.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step_r6.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step_r6.matmul_dx_dx_3, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step_r6.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step_r6.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step_r6.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step_r6.matmul_dw_acc_gw_4, NULL},
	.send_dx_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_dx_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_dx_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_dx_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
};
/* dagcc: the nodes of step as checked and profile mode name them */
static const struct dagcc_acc_step_r7 {
	dagcc_site_access matmul_y_0[3], matmul_y_1[3], matmul_y_2[3], matmul_y_3[3];
	dagcc_site_access loss_grad_dy_0[2], loss_grad_dy_1[2], loss_grad_dy_2[2], loss_grad_dy_3[2];
	dagcc_site_access matmul_dx_dx_0[3], matmul_dx_dx_1[3], matmul_dx_dx_2[3], matmul_dx_dx_3[3];
	dagcc_site_access matmul_dw_acc_gw[3], matmul_dw_acc_gw_2[3], matmul_dw_acc_gw_3[3], matmul_dw_acc_gw_4[3];
} dagcc_acc_step_r7 = {
	.matmul_y_0 = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[0]"}},
	.matmul_y_1 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[1]"}},
	.matmul_y_2 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[2]"}},
	.matmul_y_3 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->y[3]"}},
	.loss_grad_dy_0 = {{0, DAGCC_READ, "st->y[0]"}, {0, DAGCC_WRITE, "st->dy[0]"}},
	.loss_grad_dy_1 = {{0, DAGCC_READ, "st->y[1]"}, {0, DAGCC_WRITE, "st->dy[1]"}},
	.loss_grad_dy_2 = {{0, DAGCC_READ, "st->y[2]"}, {0, DAGCC_WRITE, "st->dy[2]"}},
	.loss_grad_dy_3 = {{0, DAGCC_READ, "st->y[3]"}, {0, DAGCC_WRITE, "st->dy[3]"}},
	.matmul_dx_dx_0 = {{0, DAGCC_READ, "st->dy[0]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[0]"}},
	.matmul_dx_dx_1 = {{0, DAGCC_READ, "st->dy[1]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[1]"}},
	.matmul_dx_dx_2 = {{0, DAGCC_READ, "st->dy[2]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[2]"}},
	.matmul_dx_dx_3 = {{0, DAGCC_READ, "st->dy[3]"}, {0, DAGCC_READ, "st->w"}, {0, DAGCC_WRITE, "st->dx[3]"}},
	.matmul_dw_acc_gw = {{0, DAGCC_READ, "st->x[0]"}, {0, DAGCC_READ, "st->dy[0]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_2 = {{0, DAGCC_READ, "st->x[1]"}, {0, DAGCC_READ, "st->dy[1]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_3 = {{0, DAGCC_READ, "st->x[2]"}, {0, DAGCC_READ, "st->dy[2]"},
		{0, DAGCC_READWRITE, "st->gw"}},
	.matmul_dw_acc_gw_4 = {{0, DAGCC_READ, "st->x[3]"}, {0, DAGCC_READ, "st->dy[3]"},
		{0, DAGCC_READWRITE, "st->gw"}},
};
static const struct dagcc_sites_step_r7 {
	dagcc_site recv_x_0, recv_x_1, recv_x_2, recv_x_3;
	dagcc_site matmul_y_0, matmul_y_1, matmul_y_2, matmul_y_3;
	dagcc_site loss_grad_dy_0, loss_grad_dy_1, loss_grad_dy_2, loss_grad_dy_3;
	dagcc_site matmul_dx_dx_0, matmul_dx_dx_1, matmul_dx_dx_2, matmul_dx_dx_3;
	dagcc_site matmul_dw_acc_gw, matmul_dw_acc_gw_2, matmul_dw_acc_gw_3, matmul_dw_acc_gw_4;
	dagcc_site send_dx_0, send_dx_1, send_dx_2, send_dx_3;
} dagcc_sites_step_r7 DAGCC_MAYBE_UNUSED = {
	.recv_x_0 = {"recv", 0, 5, 0, 0, NULL, "st->pp"},
	.recv_x_1 = {"recv", 0, 5, 1, 0, NULL, "st->pp"},
	.recv_x_2 = {"recv", 0, 5, 2, 0, NULL, "st->pp"},
	.recv_x_3 = {"recv", 0, 5, 3, 0, NULL, "st->pp"},
	.matmul_y_0 = {"matmul", 0, 4, 0, 3, dagcc_acc_step_r7.matmul_y_0, NULL},
	.matmul_y_1 = {"matmul", 0, 4, 1, 3, dagcc_acc_step_r7.matmul_y_1, NULL},
	.matmul_y_2 = {"matmul", 0, 4, 2, 3, dagcc_acc_step_r7.matmul_y_2, NULL},
	.matmul_y_3 = {"matmul", 0, 4, 3, 3, dagcc_acc_step_r7.matmul_y_3, NULL},
	.loss_grad_dy_0 = {"loss_grad", 0, 4, 0, 2, dagcc_acc_step_r7.loss_grad_dy_0, NULL},
	.loss_grad_dy_1 = {"loss_grad", 0, 4, 1, 2, dagcc_acc_step_r7.loss_grad_dy_1, NULL},
	.loss_grad_dy_2 = {"loss_grad", 0, 4, 2, 2, dagcc_acc_step_r7.loss_grad_dy_2, NULL},
	.loss_grad_dy_3 = {"loss_grad", 0, 4, 3, 2, dagcc_acc_step_r7.loss_grad_dy_3, NULL},
	.matmul_dx_dx_0 = {"matmul_dx", 0, 3, 0, 3, dagcc_acc_step_r7.matmul_dx_dx_0, NULL},
	.matmul_dx_dx_1 = {"matmul_dx", 0, 3, 1, 3, dagcc_acc_step_r7.matmul_dx_dx_1, NULL},
	.matmul_dx_dx_2 = {"matmul_dx", 0, 3, 2, 3, dagcc_acc_step_r7.matmul_dx_dx_2, NULL},
	.matmul_dx_dx_3 = {"matmul_dx", 0, 3, 3, 3, dagcc_acc_step_r7.matmul_dx_dx_3, NULL},
	.matmul_dw_acc_gw = {"matmul_dw_acc", 0, 3, 0, 3, dagcc_acc_step_r7.matmul_dw_acc_gw, NULL},
	.matmul_dw_acc_gw_2 = {"matmul_dw_acc", 0, 3, 1, 3, dagcc_acc_step_r7.matmul_dw_acc_gw_2, NULL},
	.matmul_dw_acc_gw_3 = {"matmul_dw_acc", 0, 3, 2, 3, dagcc_acc_step_r7.matmul_dw_acc_gw_3, NULL},
	.matmul_dw_acc_gw_4 = {"matmul_dw_acc", 0, 3, 3, 3, dagcc_acc_step_r7.matmul_dw_acc_gw_4, NULL},
	.send_dx_0 = {"send", 0, 4, 0, 0, NULL, "st->pp"},
	.send_dx_1 = {"send", 0, 4, 1, 0, NULL, "st->pp"},
	.send_dx_2 = {"send", 0, 4, 2, 0, NULL, "st->pp"},
	.send_dx_3 = {"send", 0, 4, 3, 0, NULL, "st->pp"},
};
#line 1 "ROOT/examples/pipeline_1f1b.c"
/* pipeline_1f1b.c - one training step of a pipeline-parallel model, 1F1B schedule, written as
 * one SPMD program for every stage: stage = the rank in the pipeline group, activations go to
 * rank + 1, gradients back to rank - 1. Each stage runs P - rank - 1 warm-up forwards, then
 * alternates one forward and one backward, then drains the remaining backwards.
 *
 * The loop bounds, the ifs and the peers depend on the rank, so dagcc compiles the graph once
 * per rank (the number of ranks: --group-size, or the target's world size) and the program
 * dispatches on the rank at run time:
 *
 *   dagcc --group-size 'st->pp=4' --report examples/pipeline_1f1b.c */
#include "pipeline_stage.h"

DAGCC_GRAPH void step(struct stage *st, dagcc_stream_t s)
{
	/* dagcc: specialized on the rank in st->pp: 8 ranks, 8 distinct bodies */
#line 14
	dagcc_expect_group_size(st->pp, 8);
	switch (dagcc_group_rank(st->pp)) {
	case 0: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 118.6 us (94.5 us of communication exposed),
	 * scheduled 59.3 us (35.2 us exposed); lower bound 53.3 us. */
	DAGCC_GRAPH_BEGIN(step, "step", 14, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 0 + 1, s);
#line 20
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));

	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 0 + 1, s);
#line 20
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));

	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 0 + 1, s);
#line 20
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));

	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 0 + 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 0 + 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 0 + 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 0 + 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 0 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 22
	dagcc_future_wait(&send_y_1, s);
#line 22
	dagcc_future_wait(&send_y_2, s);
#line 22
	dagcc_future_wait(&send_y_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 1: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 122.3 us (98.2 us exposed); lower bound 122.3 us. */
	DAGCC_GRAPH_BEGIN(step_r1, "step", 14, s);
#line 19
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 1 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 1 + 1, s);
#line 19
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 1 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));

	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 1 + 1, s);
#line 19
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 1 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));

	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 1 + 1, s);
#line 19
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 1 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));

	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 1 + 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 1 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 1 - 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 1 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 1 - 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 1 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 1 - 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 1 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 1 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 22
	dagcc_future_wait(&send_y_1, s);
#line 22
	dagcc_future_wait(&send_y_2, s);
#line 22
	dagcc_future_wait(&send_y_3, s);
#line 44
	dagcc_future_wait(&send_dx_0, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 2: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 122.3 us (98.2 us exposed); lower bound 122.3 us. */
	DAGCC_GRAPH_BEGIN(step_r1, "step", 14, s);
#line 19
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 2 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 2 + 1, s);
#line 19
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 2 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));

	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 2 + 1, s);
#line 19
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 2 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));

	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 2 + 1, s);
#line 19
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 2 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));

	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 2 + 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 2 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 2 - 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 2 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 2 - 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 2 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 2 - 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 2 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 2 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 22
	dagcc_future_wait(&send_y_1, s);
#line 22
	dagcc_future_wait(&send_y_2, s);
#line 22
	dagcc_future_wait(&send_y_3, s);
#line 44
	dagcc_future_wait(&send_dx_0, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 3: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 122.3 us (98.2 us exposed); lower bound 122.3 us. */
	DAGCC_GRAPH_BEGIN(step_r1, "step", 14, s);
#line 19
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 3 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 3 + 1, s);
#line 19
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 3 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));

	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 3 + 1, s);
#line 19
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 3 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));

	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 3 + 1, s);
#line 19
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 3 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));

	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 3 + 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 3 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 3 - 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 3 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 3 - 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 3 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 3 - 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 3 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 3 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 22
	dagcc_future_wait(&send_y_1, s);
#line 22
	dagcc_future_wait(&send_y_2, s);
#line 22
	dagcc_future_wait(&send_y_3, s);
#line 44
	dagcc_future_wait(&send_dx_0, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 4: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 120.3 us (96.2 us exposed); lower bound 120.3 us. */
	DAGCC_GRAPH_BEGIN(step_r4, "step", 14, s);
#line 19
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 4 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 4 + 1, s);
#line 19
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 4 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));

	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 4 + 1, s);
#line 19
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 4 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));

	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 4 + 1, s);
#line 28
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 4 - 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 4 + 1, s);
#line 28
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));
#line 37
	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 4 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 4 - 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 4 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 4 - 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 4 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 4 - 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 4 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 4 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 22
	dagcc_future_wait(&send_y_1, s);
#line 22
	dagcc_future_wait(&send_y_2, s);
#line 37
	dagcc_future_wait(&send_y_3, s);
#line 44
	dagcc_future_wait(&send_dx_0, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 5: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 118.3 us (94.2 us exposed); lower bound 118.3 us. */
	DAGCC_GRAPH_BEGIN(step_r5, "step", 14, s);
#line 19
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 5 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 5 + 1, s);
#line 19
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 5 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));

	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 5 + 1, s);
#line 28
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 5 - 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 5 + 1, s);
#line 28
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));
#line 37
	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 5 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 5 - 1, s);
#line 28
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 5 - 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 5 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 28
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));
#line 37
	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 5 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 5 - 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 5 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 5 - 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 5 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 5 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 22
	dagcc_future_wait(&send_y_1, s);
#line 37
	dagcc_future_wait(&send_y_2, s);
#line 44
	dagcc_future_wait(&send_dx_0, s);
#line 37
	dagcc_future_wait(&send_y_3, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 6: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 213.1 us (188.9 us of communication exposed),
	 * scheduled 116.3 us (92.2 us exposed); lower bound 116.3 us. */
	DAGCC_GRAPH_BEGIN(step_r6, "step", 14, s);
#line 19
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 6 - 1, s);
#line 19
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));

	DAGCC_START(send_y_0) dagcc_send_start(st->pp, st->y[0], T * H, DAGCC_F32, 6 + 1, s);
#line 28
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 6 - 1, s);
#line 35
	DAGCC_START(recv_dy_0) dagcc_recv_start(st->pp, st->dy[0], T * H, DAGCC_F32, 6 + 1, s);
#line 28
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));
#line 37
	DAGCC_START(send_y_1) dagcc_send_start(st->pp, st->y[1], T * H, DAGCC_F32, 6 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_0, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 6 - 1, s);
#line 28
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 6 - 1, s);
#line 35
	DAGCC_START(recv_dy_1) dagcc_recv_start(st->pp, st->dy[1], T * H, DAGCC_F32, 6 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 28
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));
#line 37
	DAGCC_START(send_y_2) dagcc_send_start(st->pp, st->y[2], T * H, DAGCC_F32, 6 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_1, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 6 - 1, s);
#line 28
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 6 - 1, s);
#line 35
	DAGCC_START(recv_dy_2) dagcc_recv_start(st->pp, st->dy[2], T * H, DAGCC_F32, 6 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 28
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));
#line 37
	DAGCC_START(send_y_3) dagcc_send_start(st->pp, st->y[3], T * H, DAGCC_F32, 6 + 1, s);
#line 35
	dagcc_future_wait(&recv_dy_2, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 6 - 1, s);
#line 35
	DAGCC_START(recv_dy_3) dagcc_recv_start(st->pp, st->dy[3], T * H, DAGCC_F32, 6 + 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 35
	dagcc_future_wait(&recv_dy_3, s);
#line 41
	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 6 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));
#line 22
	dagcc_future_wait(&send_y_0, s);
#line 37
	dagcc_future_wait(&send_y_1, s);
#line 44
	dagcc_future_wait(&send_dx_0, s);
#line 37
	dagcc_future_wait(&send_y_2, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 37
	dagcc_future_wait(&send_y_3, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	case 7: {
	/* dagcc: scheduled for h100-8x. Simulated: as written 126.6 us (94.5 us of communication exposed),
	 * scheduled 83.1 us (51.0 us exposed); lower bound 83.1 us. */
	DAGCC_GRAPH_BEGIN(step_r7, "step", 14, s);
#line 28
	DAGCC_START(recv_x_0) dagcc_recv_start(st->pp, st->x[0], T * H, DAGCC_F32, 7 - 1, s);
#line 28
	dagcc_future_wait(&recv_x_0, s);
	DAGCC_RUN(matmul_y_0, s, matmul(s, st->x[0], st->w, st->y[0], T, H, H));
#line 39
	DAGCC_RUN(loss_grad_dy_0, s, loss_grad(s, st->y[0], st->dy[0], T * H));

	DAGCC_RUN(matmul_dx_dx_0, s, matmul_dx(s, st->dy[0], st->w, st->dx[0], T, H, H));
#line 44
	DAGCC_START(send_dx_0) dagcc_send_start(st->pp, st->dx[0], T * H, DAGCC_F32, 7 - 1, s);
#line 28
	DAGCC_START(recv_x_1) dagcc_recv_start(st->pp, st->x[1], T * H, DAGCC_F32, 7 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw, s, matmul_dw_acc(s, st->x[0], st->dy[0], st->gw, T, H, H));
#line 28
	dagcc_future_wait(&recv_x_1, s);
	DAGCC_RUN(matmul_y_1, s, matmul(s, st->x[1], st->w, st->y[1], T, H, H));
#line 39
	DAGCC_RUN(loss_grad_dy_1, s, loss_grad(s, st->y[1], st->dy[1], T * H));

	DAGCC_RUN(matmul_dx_dx_1, s, matmul_dx(s, st->dy[1], st->w, st->dx[1], T, H, H));
#line 44
	DAGCC_START(send_dx_1) dagcc_send_start(st->pp, st->dx[1], T * H, DAGCC_F32, 7 - 1, s);
#line 28
	DAGCC_START(recv_x_2) dagcc_recv_start(st->pp, st->x[2], T * H, DAGCC_F32, 7 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_2, s, matmul_dw_acc(s, st->x[1], st->dy[1], st->gw, T, H, H));
#line 28
	dagcc_future_wait(&recv_x_2, s);
	DAGCC_RUN(matmul_y_2, s, matmul(s, st->x[2], st->w, st->y[2], T, H, H));
#line 39
	DAGCC_RUN(loss_grad_dy_2, s, loss_grad(s, st->y[2], st->dy[2], T * H));

	DAGCC_RUN(matmul_dx_dx_2, s, matmul_dx(s, st->dy[2], st->w, st->dx[2], T, H, H));
#line 44
	DAGCC_START(send_dx_2) dagcc_send_start(st->pp, st->dx[2], T * H, DAGCC_F32, 7 - 1, s);
#line 28
	DAGCC_START(recv_x_3) dagcc_recv_start(st->pp, st->x[3], T * H, DAGCC_F32, 7 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_3, s, matmul_dw_acc(s, st->x[2], st->dy[2], st->gw, T, H, H));
#line 28
	dagcc_future_wait(&recv_x_3, s);
	DAGCC_RUN(matmul_y_3, s, matmul(s, st->x[3], st->w, st->y[3], T, H, H));
#line 39
	DAGCC_RUN(loss_grad_dy_3, s, loss_grad(s, st->y[3], st->dy[3], T * H));

	DAGCC_RUN(matmul_dx_dx_3, s, matmul_dx(s, st->dy[3], st->w, st->dx[3], T, H, H));
#line 44
	DAGCC_START(send_dx_3) dagcc_send_start(st->pp, st->dx[3], T * H, DAGCC_F32, 7 - 1, s);
#line 42
	DAGCC_RUN(matmul_dw_acc_gw_4, s, matmul_dw_acc(s, st->x[3], st->dy[3], st->gw, T, H, H));

	dagcc_future_wait(&send_dx_0, s);
#line 44
	dagcc_future_wait(&send_dx_1, s);
#line 44
	dagcc_future_wait(&send_dx_2, s);
#line 44
	dagcc_future_wait(&send_dx_3, s);
	DAGCC_PROFILE_STEP_END(s);
	}
	break;
	default:
#line 14
		dagcc_rank_unknown("step", dagcc_group_rank(st->pp), 8);
	}
#line 46
}

static void run(struct stage *st, int rank, dagcc_stream_t s)
{
	(void)rank; /* the graph reads it itself */
	step(st, s);
}

int main(int argc, char **argv)
{
	return stage_main(argc, argv, "pipeline_1f1b", run);
}
/* dagcc: the macro values the graphs above were built for */
#if !defined(M) || (M) != (4)
#line 16
#pragma message("M is " DAGCC_XSTR(M) " in this build")
#line 16
#error "dagcc overlapped this file with M = 4: run dagcc again with this build's flags"
#endif
#if !defined(T) || (T) != (16)
#pragma message("T is " DAGCC_XSTR(T) " in this build")
#line 19
#error "dagcc overlapped this file with T = 16: run dagcc again with this build's flags"
#endif
#if !defined(H) || (H) != (64)
#line 19
#pragma message("H is " DAGCC_XSTR(H) " in this build")
#line 19
#error "dagcc overlapped this file with H = 64: run dagcc again with this build's flags"
#endif
