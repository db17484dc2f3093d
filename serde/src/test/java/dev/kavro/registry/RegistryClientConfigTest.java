package dev.kavro.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class RegistryClientConfigTest {
  private static final String URL = "http://127.0.0.1:8081";

  @Test
  void hasConfluentsDefaults() {
    RegistryClientConfig config = config();

    assertEquals(List.of(URL), config.urls());
    assertEquals(1000, config.getInt(RegistryClientConfig.MAX_SCHEMAS_PER_SUBJECT_CONFIG));
    assertEquals(-1, config.getInt(RegistryClientConfig.LATEST_CACHE_TTL_SEC_CONFIG));
    assertEquals(-1, config.getInt(RegistryClientConfig.PROXY_PORT_CONFIG));
    assertEquals((short) 300, config.getShort(RegistryClientConfig.BEARER_AUTH_CACHE_EXPIRY_BUFFER_SECONDS_CONFIG));
    assertEquals(60000, config.getInt(RegistryClientConfig.HTTP_CONNECT_TIMEOUT_MS_CONFIG));
    assertEquals(60000, config.getInt(RegistryClientConfig.HTTP_READ_TIMEOUT_MS_CONFIG));
    assertEquals(3, config.getInt(RegistryClientConfig.MAX_RETRIES_CONFIG));
    assertEquals(1000, config.getInt(RegistryClientConfig.RETRIES_WAIT_MS_CONFIG));
    assertEquals(20000, config.getInt(RegistryClientConfig.RETRIES_MAX_WAIT_MS_CONFIG));
    assertEquals("URL", config.getString(RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG));
    assertTrue(config.hostnameVerification());
  }

  @Test
  void definesKafkaSslKeysUnderTheRegistryPrefix() {
    ConfigDef def = RegistryClientConfig.addDefinitions(new ConfigDef());

    assertTrue(def.names().contains("schema.registry.ssl.truststore.location"));
    assertTrue(def.names().contains("schema.registry.ssl.keystore.certificate.chain"));
    assertEquals("https", def.configKeys().get("schema.registry.ssl.endpoint.identification.algorithm").defaultValue);
    assertEquals(ConfigDef.Type.PASSWORD, def.configKeys().get("schema.registry.ssl.truststore.password").type);
    assertFalse(def.names().contains("ssl.truststore.location"));
    assertEquals(def.names(), RegistryClientConfig.configDef().names());
  }

  @Test
  void rejectsSaslInheritWithoutAJaasConfig() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> config(RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "SASL_INHERIT"));
    assertTrue(e.getMessage().contains("sasl.jaas.config"), e.getMessage());
  }

  @Test
  void rejectsOauthWithoutItsEndpointAndUnknownBearerSources() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> config(RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "OAUTHBEARER"));
    assertTrue(e.getMessage().contains(RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG), e.getMessage());
    e = assertThrows(ConfigException.class,
        () -> config(RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "UAMI"));
    assertTrue(e.getMessage().contains("does not support"), e.getMessage());
  }

  @Test
  void rejectsBasicAndBearerTogether() {
    ConfigException e = assertThrows(ConfigException.class, () -> config(
        RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "USER_INFO",
        RegistryClientConfig.BASIC_AUTH_USER_INFO_CONFIG, "u:p",
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "STATIC_TOKEN",
        RegistryClientConfig.BEARER_AUTH_TOKEN_CONFIG, "t"));
    assertTrue(e.getMessage().contains("Only one of basic and bearer"), e.getMessage());
  }

  @Test
  void rejectsIncompleteCredentials() {
    assertThrows(ConfigException.class,
        () -> config(RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "USER_INFO"));
    assertThrows(ConfigException.class,
        () -> config(RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "STATIC_TOKEN"));
  }

  @Test
  void rejectsHeadersTheHttpClientWillNotSend() {
    ConfigException e = assertThrows(ConfigException.class, () -> config("request.header.Host", "evil"));
    assertTrue(e.getMessage().contains("request.header.Host"), e.getMessage());
  }

  @Test
  void onlyAnEmptyEndpointIdentificationAlgorithmDisablesHostnameVerification() {
    String key = "schema.registry.ssl.endpoint.identification.algorithm";
    assertFalse(config(key, "").hostnameVerification());
    assertTrue(config(key, "HTTPS").hostnameVerification());
    assertThrows(ConfigException.class, () -> config(key, "none"));
  }

  @Test
  void rejectsUrlsThatAreNotHttp() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> new RestSchemaRegistry(Map.of(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, "localhost:8081")));
    assertTrue(e.getMessage().contains("http://"), e.getMessage());
  }

  @Test
  void factoryRejectsMixedMockAndRealUrls() {
    ConfigException e = assertThrows(ConfigException.class, () -> SchemaRegistries.create(
        Map.of(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, "mock://a,http://bob:hunter2@127.0.0.1:8081")));
    assertTrue(e.getMessage().contains("mix"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void factoryBuildsARestClientForRealUrls() {
    try (SchemaRegistry registry =
        SchemaRegistries.create(Map.of(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, URL))) {
      assertInstanceOf(RestSchemaRegistry.class, registry);
    }
    assertInstanceOf(MockSchemaRegistry.class,
        SchemaRegistries.create(Map.of(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, "mock://config-test")));
  }

  private static RegistryClientConfig config(String... keyValues) {
    Map<String, Object> configs = new HashMap<>();
    configs.put(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, URL);
    for (int i = 0; i < keyValues.length; i += 2) {
      configs.put(keyValues[i], keyValues[i + 1]);
    }
    return new RegistryClientConfig(configs);
  }
}
