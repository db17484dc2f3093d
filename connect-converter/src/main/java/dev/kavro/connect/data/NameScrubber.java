package dev.kavro.connect.data;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Confluent's {@code scrub.invalid.names}: URL-encode, prefix {@code x} when the first character is a digit, then
 * turn every character outside {@code [A-Za-z0-9_]} into {@code _}. Valid names return as they are, without
 * allocating (Confluent's #2929 fast path).
 */
final class NameScrubber {
  private NameScrubber() {}

  static String scrub(String name) {
    if (name == null || isValid(name)) {
      return name;
    }
    String encoded = URLEncoder.encode(name, StandardCharsets.UTF_8);
    if (!encoded.isEmpty() && encoded.charAt(0) >= '0' && encoded.charAt(0) <= '9') {
      encoded = "x" + encoded;
    }
    StringBuilder out = new StringBuilder(encoded.length());
    for (int i = 0; i < encoded.length(); i++) {
      char c = encoded.charAt(i);
      out.append(isPart(c) ? c : '_');
    }
    return out.toString();
  }

  /** Scrubs each dot-separated part of a full name. */
  static String scrubFullName(String fullName) {
    if (fullName == null || fullName.indexOf('.') < 0) {
      return scrub(fullName);
    }
    String[] parts = fullName.split("\\.");
    for (int i = 0; i < parts.length; i++) {
      parts[i] = scrub(parts[i]);
    }
    return String.join(".", parts);
  }

  private static boolean isValid(String name) {
    if (name.isEmpty() || !isStart(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!isPart(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean isStart(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
  }

  private static boolean isPart(char c) {
    return isStart(c) || (c >= '0' && c <= '9');
  }
}
