package dev.kavro.bench.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** The demo's and the integration tests' servers bind to 127.0.0.1 only, never to all interfaces. */
public final class Loopback {
  public static final String HOST = "127.0.0.1";

  private Loopback() {}

  /**
   * A port that was free on 127.0.0.1 a moment ago. The caller binds it later, so another process can win the race:
   * callers retry with a new port when the bind fails.
   */
  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on " + HOST, e);
    }
  }
}
