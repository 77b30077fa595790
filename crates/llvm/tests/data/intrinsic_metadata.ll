; Metadata call arguments; kernel-independent. Assembled with llvm-as-15 to intrinsic_metadata.bc.
define float @f(float %a, float %b) #0 {
  %r = call float @llvm.experimental.constrained.fadd.f32(float %a, float %b, metadata !"round.dynamic", metadata !"fpexcept.strict") #0
  ret float %r
}
declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
attributes #0 = { strictfp }
