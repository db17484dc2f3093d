package dev.kavro.registry.auth;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.JaasContext;

/**
 * {@code basic.auth.credentials.source=SASL_INHERIT}: the registry's basic credentials are the {@code username}
 * and {@code password} options of the Kafka client's JAAS login module ({@code sasl.jaas.config}, else the JVM's
 * JAAS file), read with Kafka's own JAAS parser, as Confluent does.
 *
 * <p>Internal: public only for {@code dev.kavro.registry}; not meant for users, and may change between releases.
 */
public final class SaslUserInfo {
  private SaslUserInfo() {}

  /**
   * {@code username:password} from the first login module of the client's JAAS config.
   *
   * @throws ConfigException when there is no JAAS config or its login module has no username option; the message
   *     never contains the JAAS text, which holds the password
   */
  public static String of(Map<String, ?> configs) {
    Map<String, Object> copy = new HashMap<>(configs);
    if (copy.get(SaslConfigs.SASL_JAAS_CONFIG) instanceof String text) {
      copy.put(SaslConfigs.SASL_JAAS_CONFIG, new Password(text));
    }
    List<AppConfigurationEntry> entries;
    try {
      entries = JaasContext.loadClientContext(copy).configurationEntries();
    } catch (RuntimeException e) {
      // Kafka's parser messages may quote the JAAS text; only the exception type is kept.
      throw new ConfigException("basic.auth.credentials.source=SASL_INHERIT needs the client's SASL JAAS config ("
          + SaslConfigs.SASL_JAAS_CONFIG + "), which is missing or cannot be parsed (" + e.getClass().getSimpleName()
          + ")");
    }
    Map<String, ?> options = entries.isEmpty() ? Map.of() : entries.get(0).getOptions();
    Object user = options.get("username");
    if (user == null || user.toString().isEmpty()) {
      throw new ConfigException("basic.auth.credentials.source=SASL_INHERIT: the SASL login module "
          + (entries.isEmpty() ? "" : entries.get(0).getLoginModuleName() + " ")
          + "has no username and password options to inherit");
    }
    Object password = options.get("password");
    return user + ":" + (password == null ? "" : password);
  }
}
