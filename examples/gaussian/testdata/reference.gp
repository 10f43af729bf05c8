\\ Reference values for the gaussian domain's tests, from PARI/GP.
\\ Regenerate with:  gp -q -D colors=no reference.gp > reference.txt
\\
\\ Lines:
\\   N re im norm
\\   G are aim bre bim gre gim        (gcd in its first-quadrant associate)
\\   F re im ure uim [pre pim e]...   (z = u * prod p^e, p first-quadrant)
canon(z) = if(z == 0, 0, while(!(real(z) > 0 && imag(z) >= 0), z *= I); z);
gfactor(z) = {
  my(f = factor(if(imag(z) == 0, z*I, z)), ps = [], u = z, p);
  for(k = 1, #f~,
    p = f[k, 1];
    if(norm(p) > 1, p = canon(p); ps = concat(ps, [[p, f[k, 2]]]); u /= p^f[k, 2]));
  [u, ps];
}
pr(z) = Str(real(z), " ", imag(z));
setrand(20261202);
rnd(b) = random(2*b + 1) - b;
{zs = [3+4*I, 5, 2, -7, 100, 1+I, 2023+1729*I, -1234567+7654321*I, 12+17*I, 3*I, -11, 1105, 2^20*I,
      (10^12+39)*(2+I)^3, 999999999989*(1+2*I), (1000033+0*I)^2*(3+2*I)]};
for(k = 1, 40, zs = concat(zs, [rnd(10^9) + rnd(10^9)*I]));
{for(k = 1, #zs, z = zs[k]; if(z != 0,
  print("N ", pr(z), " ", norm(z));
  r = gfactor(z); s = Str("F ", pr(z), " ", pr(r[1]));
  for(j = 1, #r[2], s = Str(s, " ", pr(r[2][j][1]), " ", r[2][j][2]));
  print(s)))};
{gs = [[12+17*I, 3+4*I], [11+3*I, 1+8*I], [4+6*I, 2-8*I], [85, 11+7*I], [-4-6*I, 6*I], [0, -3*I], [0, 0]]};
for(k = 1, 30, c = rnd(10^6) + rnd(10^6)*I; gs = concat(gs, [[c*(rnd(10^9) + rnd(10^9)*I), c*(rnd(10^9) + rnd(10^9)*I)]]));
{for(k = 1, #gs, a = gs[k][1]; b = gs[k][2];
  print("G ", pr(a), " ", pr(b), " ", pr(canon(gcd(a, b)))))};
