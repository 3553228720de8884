// The standard normal distribution's tails, shared by the trend test of alerts and the
// significance of findings.

/** Complementary error function, fractional error below 1.2e-7 (Numerical Recipes' erfcc). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}

/** P(|Z| ≥ |z|) for a standard normal Z. */

/** Φ(x), the standard normal CDF. */
export function normalCdf(x: number): number {
  return 1 - erfc(x / Math.SQRT2) / 2;
}
