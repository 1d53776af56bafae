package adapters

import "syscall"

const sysRecvmmsg = syscall.SYS_RECVMMSG

// MSG_WAITFORONE (Linux): block for the first datagram only.
const msgWaitForOne = 0x10000
