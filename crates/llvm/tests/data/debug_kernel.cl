typedef struct { float x; int n[2]; } pair_t;
enum mode { FAST = 1, SLOW = -2 };
__constant int table[3] = {1, 2, 3};

int helper(int a, enum mode m) {
  int r = a * table[a & 1];
  if (m == SLOW) { int t = r + 1; r = t * 2; }
  return r;
}

__kernel void scale(__global pair_t *p, __global float *out, int k) {
  size_t i = get_global_id(0);
  out[i] = p[i].x * helper(k, FAST);
}
