module github.com/levelfield/levelfield/agents

go 1.23.0

require (
	github.com/HdrHistogram/hdrhistogram-go v1.4.0
	gopkg.in/yaml.v3 v3.0.1
)

require github.com/kr/text v0.2.0 // indirect
