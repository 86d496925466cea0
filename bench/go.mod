module github.com/pokerroom/pokerroom/bench

go 1.26

require github.com/pokerroom/pokerroom v0.0.0

replace github.com/pokerroom/pokerroom => ../
