# Reaches for the network: an outside address, the host's loopback (port in
# argv[1], where the test listens), a DNS lookup.  Nothing may connect.
import socket, sys
def attempt(addr):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(3)
    try:
        s.connect(addr)
        return "connected"
    except OSError as e:
        return e.errno
    finally:
        s.close()
print("outside", attempt(("192.0.2.1", 80)))
print("host loopback", attempt(("127.0.0.1", int(sys.argv[1]))))
try:
    socket.getaddrinfo("example.com", 80)
    print("dns resolved")
except socket.gaierror as e:
    print("dns failed")
u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
try:
    u.sendto(b"x", ("8.8.8.8", 53))
    print("udp sent")
except OSError as e:
    print("udp", e.errno)
