package adapters

// The frozen syscall package has no SYS_RECVMMSG on amd64.
const sysRecvmmsg = 299

// MSG_WAITFORONE (Linux): block for the first datagram only.
const msgWaitForOne = 0x10000
