target datalayout = "e-p:64:64:64-i64:64:64"
; Six helpers with function-local constants (100, 0, 1) and a kernel: the parallel
; body reader test renumbers the constants of every chunk after the first.
target triple = "spir64-unknown-unknown"

declare spir_func i64 @_Z13get_global_idj(i32)

define spir_func i32 @f0(i32 addrspace(1)* %p, i32 %n) {
entry:
  %v0 = load i32, i32 addrspace(1)* %p, align 4
  %v1 = mul i32 %v0, %n
  %v2 = xor i32 %v1, %n
  %v3 = sub i32 %v2, %n
  %v4 = add i32 %v3, %n
  %v5 = mul i32 %v4, %n
  %v6 = xor i32 %v5, %n
  %v7 = sub i32 %v6, %n
  %v8 = add i32 %v7, %n
  %v9 = mul i32 %v8, %n
  %v10 = xor i32 %v9, %n
  %v11 = sub i32 %v10, %n
  %v12 = add i32 %v11, %n
  %v13 = mul i32 %v12, %n
  %v14 = xor i32 %v13, %n
  %v15 = sub i32 %v14, %n
  %v16 = add i32 %v15, %n
  %v17 = mul i32 %v16, %n
  %v18 = xor i32 %v17, %n
  %v19 = sub i32 %v18, %n
  %v20 = add i32 %v19, %n
  %v21 = mul i32 %v20, %n
  %v22 = xor i32 %v21, %n
  %v23 = sub i32 %v22, %n
  %v24 = add i32 %v23, %n
  %v25 = mul i32 %v24, %n
  %v26 = xor i32 %v25, %n
  %v27 = sub i32 %v26, %n
  %v28 = add i32 %v27, %n
  %v29 = mul i32 %v28, %n
  %v30 = xor i32 %v29, %n
  %v31 = sub i32 %v30, %n
  %v32 = add i32 %v31, %n
  %c = icmp ult i32 %v32, 100
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  store i32 %i, i32 addrspace(1)* %q, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]
  ret i32 %r
}

define spir_func i32 @f1(i32 addrspace(1)* %p, i32 %n) {
entry:
  %v0 = load i32, i32 addrspace(1)* %p, align 4
  %v1 = xor i32 %v0, %n
  %v2 = sub i32 %v1, %n
  %v3 = add i32 %v2, %n
  %v4 = mul i32 %v3, %n
  %v5 = xor i32 %v4, %n
  %v6 = sub i32 %v5, %n
  %v7 = add i32 %v6, %n
  %v8 = mul i32 %v7, %n
  %v9 = xor i32 %v8, %n
  %v10 = sub i32 %v9, %n
  %v11 = add i32 %v10, %n
  %v12 = mul i32 %v11, %n
  %v13 = xor i32 %v12, %n
  %v14 = sub i32 %v13, %n
  %v15 = add i32 %v14, %n
  %v16 = mul i32 %v15, %n
  %v17 = xor i32 %v16, %n
  %v18 = sub i32 %v17, %n
  %v19 = add i32 %v18, %n
  %v20 = mul i32 %v19, %n
  %v21 = xor i32 %v20, %n
  %v22 = sub i32 %v21, %n
  %v23 = add i32 %v22, %n
  %v24 = mul i32 %v23, %n
  %v25 = xor i32 %v24, %n
  %v26 = sub i32 %v25, %n
  %v27 = add i32 %v26, %n
  %v28 = mul i32 %v27, %n
  %v29 = xor i32 %v28, %n
  %v30 = sub i32 %v29, %n
  %v31 = add i32 %v30, %n
  %v32 = mul i32 %v31, %n
  %c = icmp ult i32 %v32, 100
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  store i32 %i, i32 addrspace(1)* %q, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]
  ret i32 %r
}

define spir_func i32 @f2(i32 addrspace(1)* %p, i32 %n) {
entry:
  %v0 = load i32, i32 addrspace(1)* %p, align 4
  %v1 = sub i32 %v0, %n
  %v2 = add i32 %v1, %n
  %v3 = mul i32 %v2, %n
  %v4 = xor i32 %v3, %n
  %v5 = sub i32 %v4, %n
  %v6 = add i32 %v5, %n
  %v7 = mul i32 %v6, %n
  %v8 = xor i32 %v7, %n
  %v9 = sub i32 %v8, %n
  %v10 = add i32 %v9, %n
  %v11 = mul i32 %v10, %n
  %v12 = xor i32 %v11, %n
  %v13 = sub i32 %v12, %n
  %v14 = add i32 %v13, %n
  %v15 = mul i32 %v14, %n
  %v16 = xor i32 %v15, %n
  %v17 = sub i32 %v16, %n
  %v18 = add i32 %v17, %n
  %v19 = mul i32 %v18, %n
  %v20 = xor i32 %v19, %n
  %v21 = sub i32 %v20, %n
  %v22 = add i32 %v21, %n
  %v23 = mul i32 %v22, %n
  %v24 = xor i32 %v23, %n
  %v25 = sub i32 %v24, %n
  %v26 = add i32 %v25, %n
  %v27 = mul i32 %v26, %n
  %v28 = xor i32 %v27, %n
  %v29 = sub i32 %v28, %n
  %v30 = add i32 %v29, %n
  %v31 = mul i32 %v30, %n
  %v32 = xor i32 %v31, %n
  %c = icmp ult i32 %v32, 100
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  store i32 %i, i32 addrspace(1)* %q, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]
  ret i32 %r
}

define spir_func i32 @f3(i32 addrspace(1)* %p, i32 %n) {
entry:
  %v0 = load i32, i32 addrspace(1)* %p, align 4
  %v1 = add i32 %v0, %n
  %v2 = mul i32 %v1, %n
  %v3 = xor i32 %v2, %n
  %v4 = sub i32 %v3, %n
  %v5 = add i32 %v4, %n
  %v6 = mul i32 %v5, %n
  %v7 = xor i32 %v6, %n
  %v8 = sub i32 %v7, %n
  %v9 = add i32 %v8, %n
  %v10 = mul i32 %v9, %n
  %v11 = xor i32 %v10, %n
  %v12 = sub i32 %v11, %n
  %v13 = add i32 %v12, %n
  %v14 = mul i32 %v13, %n
  %v15 = xor i32 %v14, %n
  %v16 = sub i32 %v15, %n
  %v17 = add i32 %v16, %n
  %v18 = mul i32 %v17, %n
  %v19 = xor i32 %v18, %n
  %v20 = sub i32 %v19, %n
  %v21 = add i32 %v20, %n
  %v22 = mul i32 %v21, %n
  %v23 = xor i32 %v22, %n
  %v24 = sub i32 %v23, %n
  %v25 = add i32 %v24, %n
  %v26 = mul i32 %v25, %n
  %v27 = xor i32 %v26, %n
  %v28 = sub i32 %v27, %n
  %v29 = add i32 %v28, %n
  %v30 = mul i32 %v29, %n
  %v31 = xor i32 %v30, %n
  %v32 = sub i32 %v31, %n
  %c = icmp ult i32 %v32, 100
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  store i32 %i, i32 addrspace(1)* %q, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]
  ret i32 %r
}

define spir_func i32 @f4(i32 addrspace(1)* %p, i32 %n) {
entry:
  %v0 = load i32, i32 addrspace(1)* %p, align 4
  %v1 = mul i32 %v0, %n
  %v2 = xor i32 %v1, %n
  %v3 = sub i32 %v2, %n
  %v4 = add i32 %v3, %n
  %v5 = mul i32 %v4, %n
  %v6 = xor i32 %v5, %n
  %v7 = sub i32 %v6, %n
  %v8 = add i32 %v7, %n
  %v9 = mul i32 %v8, %n
  %v10 = xor i32 %v9, %n
  %v11 = sub i32 %v10, %n
  %v12 = add i32 %v11, %n
  %v13 = mul i32 %v12, %n
  %v14 = xor i32 %v13, %n
  %v15 = sub i32 %v14, %n
  %v16 = add i32 %v15, %n
  %v17 = mul i32 %v16, %n
  %v18 = xor i32 %v17, %n
  %v19 = sub i32 %v18, %n
  %v20 = add i32 %v19, %n
  %v21 = mul i32 %v20, %n
  %v22 = xor i32 %v21, %n
  %v23 = sub i32 %v22, %n
  %v24 = add i32 %v23, %n
  %v25 = mul i32 %v24, %n
  %v26 = xor i32 %v25, %n
  %v27 = sub i32 %v26, %n
  %v28 = add i32 %v27, %n
  %v29 = mul i32 %v28, %n
  %v30 = xor i32 %v29, %n
  %v31 = sub i32 %v30, %n
  %v32 = add i32 %v31, %n
  %c = icmp ult i32 %v32, 100
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  store i32 %i, i32 addrspace(1)* %q, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]
  ret i32 %r
}

define spir_func i32 @f5(i32 addrspace(1)* %p, i32 %n) {
entry:
  %v0 = load i32, i32 addrspace(1)* %p, align 4
  %v1 = xor i32 %v0, %n
  %v2 = sub i32 %v1, %n
  %v3 = add i32 %v2, %n
  %v4 = mul i32 %v3, %n
  %v5 = xor i32 %v4, %n
  %v6 = sub i32 %v5, %n
  %v7 = add i32 %v6, %n
  %v8 = mul i32 %v7, %n
  %v9 = xor i32 %v8, %n
  %v10 = sub i32 %v9, %n
  %v11 = add i32 %v10, %n
  %v12 = mul i32 %v11, %n
  %v13 = xor i32 %v12, %n
  %v14 = sub i32 %v13, %n
  %v15 = add i32 %v14, %n
  %v16 = mul i32 %v15, %n
  %v17 = xor i32 %v16, %n
  %v18 = sub i32 %v17, %n
  %v19 = add i32 %v18, %n
  %v20 = mul i32 %v19, %n
  %v21 = xor i32 %v20, %n
  %v22 = sub i32 %v21, %n
  %v23 = add i32 %v22, %n
  %v24 = mul i32 %v23, %n
  %v25 = xor i32 %v24, %n
  %v26 = sub i32 %v25, %n
  %v27 = add i32 %v26, %n
  %v28 = mul i32 %v27, %n
  %v29 = xor i32 %v28, %n
  %v30 = sub i32 %v29, %n
  %v31 = add i32 %v30, %n
  %v32 = mul i32 %v31, %n
  %c = icmp ult i32 %v32, 100
  br i1 %c, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = getelementptr inbounds i32, i32 addrspace(1)* %p, i32 %i
  store i32 %i, i32 addrspace(1)* %q, align 4
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %v32, %entry ], [ %i1, %loop ]
  ret i32 %r
}

define spir_kernel void @k(i32 addrspace(1)* %p, i32 %n) {
  %id = call spir_func i64 @_Z13get_global_idj(i32 0)
  %r = call spir_func i32 @f0(i32 addrspace(1)* %p, i32 %n)
  ret void
}
