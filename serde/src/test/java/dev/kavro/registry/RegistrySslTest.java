package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.StubRegistry.Response;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.apache.avro.Schema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLS against a JDK HTTPS stub with certificates made by the JDK's keytool at test time: one whose name matches
 * 127.0.0.1, one issued for another host.
 */
@Timeout(60)
class RegistrySslTest {
  private static final String PASSWORD = "changeit";
  private static final String ENDPOINT_ALGORITHM = "schema.registry.ssl.endpoint.identification.algorithm";

  @TempDir
  static Path dir;
  static Path matching;
  static Path otherHost;
  static String otherHostPem;

  @BeforeAll
  static void makeCertificates() throws Exception {
    matching = keyStore("matching", "CN=127.0.0.1", "SAN=ip:127.0.0.1");
    otherHost = keyStore("other", "CN=other.example", "SAN=dns:other.example");
    Path pem = dir.resolve("other.pem");
    keytool("-exportcert", "-rfc", "-alias", "other", "-keystore", otherHost.toString(), "-storepass", PASSWORD,
        "-file", pem.toString());
    otherHostPem = Files.readString(pem, StandardCharsets.US_ASCII);
  }

  @Test
  void hostnameVerificationIsOnByDefault() {
    try (RestSchemaRegistry registry = new RegistryFixtures.Clients().create("https://127.0.0.1:1")) {
      assertEquals("HTTPS",
          registry.transport().client().sslParameters().getEndpointIdentificationAlgorithm());
    }
    try (RestSchemaRegistry registry =
        new RegistryFixtures.Clients().create("https://127.0.0.1:1", ENDPOINT_ALGORITHM, "")) {
      assertNull(registry.transport().client().sslParameters().getEndpointIdentificationAlgorithm());
    }
  }

  @Test
  void talksToARegistryWhoseCertificateMatches() throws Exception {
    try (StubRegistry stub = StubRegistry.startTls(serverContext(matching));
        RestSchemaRegistry registry = new RegistryFixtures.Clients().create(stub.url(),
            "schema.registry.ssl.truststore.location", matching.toString(),
            "schema.registry.ssl.truststore.type", "PKCS12",
            "schema.registry.ssl.truststore.password", PASSWORD)) {
      stub.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));

      assertEquals(new Schema.Parser().parse(USER), registry.schemaById(1));
    }
  }

  @Test
  void refusesATrustedCertificateIssuedForAnotherHost() throws Exception {
    try (StubRegistry stub = StubRegistry.startTls(serverContext(otherHost));
        RestSchemaRegistry registry = new RegistryFixtures.Clients().create(stub.url(),
            "schema.registry.ssl.truststore.type", "PEM",
            "schema.registry.ssl.truststore.certificates", otherHostPem)) {
      stub.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));

      RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

      assertInstanceOf(SSLHandshakeException.class, e.getCause(), String.valueOf(e.getCause()));
      assertEquals(RegistryException.NO_RESPONSE, e.status());
      assertTrue(stub.requests().isEmpty());
    }
  }

  @Test
  void acceptsAnotherHostsCertificateOnlyWhenVerificationIsExplicitlyOff() throws Exception {
    try (StubRegistry stub = StubRegistry.startTls(serverContext(otherHost));
        RestSchemaRegistry registry = new RegistryFixtures.Clients().create(stub.url(),
            "schema.registry.ssl.truststore.type", "PEM",
            "schema.registry.ssl.truststore.certificates", otherHostPem,
            ENDPOINT_ALGORITHM, "")) {
      stub.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));

      assertEquals(new Schema.Parser().parse(USER), registry.schemaById(1));
    }
  }

  @Test
  void stillRefusesAnUntrustedCertificateWithVerificationOff() throws Exception {
    try (StubRegistry stub = StubRegistry.startTls(serverContext(matching));
        RestSchemaRegistry registry = new RegistryFixtures.Clients().create(stub.url(),
            "schema.registry.ssl.truststore.type", "PEM",
            "schema.registry.ssl.truststore.certificates", otherHostPem,
            ENDPOINT_ALGORITHM, "")) {
      stub.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));

      RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

      assertInstanceOf(SSLHandshakeException.class, e.getCause(), String.valueOf(e.getCause()));
    }
  }

  private static SSLContext serverContext(Path keyStore) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keyStore)) {
      store.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(store, PASSWORD.toCharArray());
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(kmf.getKeyManagers(), null, null);
    return context;
  }

  private static Path keyStore(String alias, String dname, String san) throws Exception {
    Path file = dir.resolve(alias + ".p12");
    keytool("-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", dname,
        "-ext", san, "-validity", "2", "-storetype", "PKCS12", "-keystore", file.toString(),
        "-storepass", PASSWORD, "-keypass", PASSWORD);
    return file;
  }

  private static void keytool(String... args) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
      process.destroyForcibly();
      throw new IOException("keytool " + args[0] + " failed: " + output);
    }
  }
}
