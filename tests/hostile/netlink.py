# A netlink socket (routing tables, interfaces): denied by the filter.
import socket
s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
print("netlink socket opened")
