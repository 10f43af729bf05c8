/*
 * The matrix domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in matrix_routines.
 */

static void run_fmpz_mat_det(char **in, const char *out)
{
    fmpz_mat_t m;
    fmpz_t d;
    fmpz_init(d);
    read_fmpz_mat(in[0], m);
    if (fmpz_mat_nrows(m) != fmpz_mat_ncols(m))
        die(in[0], "not square");
    TIMED(fmpz_mat_det(d, m));
    write_fmpz(out, d);
}

static const struct routine matrix_routines[] = {
    {"fmpz_mat_det", 1, run_fmpz_mat_det},
};
