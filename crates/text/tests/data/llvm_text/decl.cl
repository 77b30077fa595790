int ext(int x);
struct S { int a; float b; };
void helper(global int *p) { *p = 1; }
kernel void k(global int *p, global struct S *s) { p[0] = ext(p[1]); s->a = 2; helper(p); }
