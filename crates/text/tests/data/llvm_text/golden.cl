typedef struct { int a; float b; char c[3]; } S;
int ext(int x);
constant char fmt[] = "x=\"%d\"\n";
kernel void k(global int *p, global S *s, local float *l, int n) {
  switch (n) { case 1: p[0] = ext(p[1]); break; case 7: s->a = 2; break; default: l[0] = s->b; }
  for (int i = 0; i < n; ++i) p[i] += (int)fmax(s[i].b, 1.0f);
  printf("v=\"%d\"\n", p[0]);
  barrier(CLK_LOCAL_MEM_FENCE);
}
