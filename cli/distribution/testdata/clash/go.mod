module example.com/clash

go 1.26

require jacobian.dev/core v0.0.0

replace jacobian.dev/core => ../../../../core
