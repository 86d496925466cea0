module github.com/pokerroom/pokerroom

go 1.26
