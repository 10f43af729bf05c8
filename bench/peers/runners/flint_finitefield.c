/*
 * The finitefield domain's FLINT routines of the peer benchmark, included by
 * flint_runner.c. Adding a routine: write a run_NAME function with the
 * TIMED macro around the one call measured, and list it in finitefield_routines.
 */

/* Inputs: the prime p, then the two polynomials with coefficients in [0, p). */
static void run_nmod_poly_mul(char **in, const char *out)
{
    fmpz_t p;
    fmpz_init(p);
    read_fmpz(in[0], p);
    if (fmpz_sgn(p) <= 0 || fmpz_bits(p) > FLINT_BITS)
        die(in[0], "the modulus must be a positive word");
    nmod_poly_t a, b, c;
    read_nmod_poly(in[1], fmpz_get_ui(p), a), read_nmod_poly(in[2], fmpz_get_ui(p), b);
    nmod_poly_init(c, fmpz_get_ui(p));
    TIMED(nmod_poly_mul(c, a, b));
    write_nmod_poly(out, c);
}

static const struct routine finitefield_routines[] = {
    {"nmod_poly_mul", 3, run_nmod_poly_mul},
};
