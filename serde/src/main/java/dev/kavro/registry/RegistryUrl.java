package dev.kavro.registry;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigException;

/**
 * One registry base URL, split into what requests go to and the credentials it carried.
 *
 * @param base {@code scheme://host[:port][/path]} without userinfo or trailing slash; safe to show in messages
 * @param userInfo the decoded {@code user:password} from the URL, or {@code null}
 */
record RegistryUrl(String base, String userInfo) {
  private static final Pattern USER_INFO = Pattern.compile("(?<=://)[^/@\\s]*@");

  static RegistryUrl parse(String raw) {
    URI uri;
    try {
      uri = new URI(raw.trim());
    } catch (URISyntaxException e) {
      throw new ConfigException(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, scrub(raw), "not a valid URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new ConfigException(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, scrub(raw),
          "the schema registry URL must start with http:// or https://");
    }
    if (uri.getHost() == null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
      throw new ConfigException(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, scrub(raw),
          "the schema registry URL needs a host, and no query or fragment");
    }
    String authority = uri.getRawAuthority();
    String hostAndPort = authority.substring(authority.lastIndexOf('@') + 1);
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    while (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return new RegistryUrl(scheme + "://" + hostAndPort + path, uri.getUserInfo());
  }

  boolean isHttps() {
    return base.startsWith("https://");
  }

  /** {@code text} with any {@code user:password@} after a scheme replaced, for messages that echo config values. */
  static String scrub(String text) {
    return text == null ? null : USER_INFO.matcher(text).replaceAll("***@");
  }

  @Override
  public String toString() {
    return base;
  }
}
