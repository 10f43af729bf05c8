//go:build amd64 && !purego

package bignum

import "testing"

// TestPairKernelsBothWays runs the pair kernels' and Divisible's kernel's
// tests against the Go references on each amd64 loop: the MULQ loops, and
// the MULX loops (gcd_bmi2_amd64.s, divisible_amd64.s) where the
// processor has BMI2.
func TestPairKernelsBothWays(t *testing.T) {
	saved := hasBMI2
	defer func() { hasBMI2 = saved }()
	for _, mulx := range []bool{false, true} {
		if mulx && !saved {
			t.Log("no BMI2: the MULX loops are not run")
			continue
		}
		hasBMI2 = mulx
		name := map[bool]string{false: "mulq", true: "mulx"}[mulx]
		t.Run(name+"/sub", TestSubMulPairAgainstGo)
		t.Run(name+"/add", TestAddMulPairAgainstGo)
		t.Run(name+"/submul", TestSubMulWords)
	}
}
