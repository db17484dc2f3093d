package dev.kavro.registry;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import javax.net.ssl.X509TrustManager;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.common.security.ssl.DefaultSslEngineFactory;

/**
 * TLS for registry calls from Kafka's client SSL keys under {@code schema.registry.}. Kafka's own
 * {@link DefaultSslEngineFactory} loads the stores (JKS, PKCS12, PEM files and inline PEM), so the keys behave as
 * they do for a Kafka client.
 *
 * <p>The JDK HTTP client always asks for HTTPS endpoint identification, so turning hostname verification off
 * (explicitly, with an empty {@code ssl.endpoint.identification.algorithm}) needs trust managers that validate the
 * chain but skip the name check.
 */
final class RegistrySsl {
  private RegistrySsl() {}

  record Tls(SSLContext context, SSLParameters parameters) {}

  static Tls of(RegistryClientConfig config) {
    Map<String, Object> ssl = new java.util.HashMap<>(config.sslConfigs());
    // Kafka's factory reads the broker-side key too; "none" keeps it from warning about an absent value.
    ssl.put("ssl.client.auth", "none");
    boolean verifyHostname = config.hostnameVerification();
    DefaultSslEngineFactory factory = new DefaultSslEngineFactory();
    try {
      factory.configure(ssl);
      SSLContext context = verifyHostname ? factory.sslContext() : withoutHostnameCheck(factory, ssl);
      return new Tls(context, parameters(context, ssl, verifyHostname));
    } catch (KafkaException | GeneralSecurityException e) {
      throw new ConfigException("Invalid schema registry TLS settings (" + RegistryClientConfig.SSL_PREFIX
          + "ssl.*): " + e.getMessage());
    } finally {
      factory.close();
    }
  }

  @SuppressWarnings("unchecked")
  private static SSLParameters parameters(SSLContext context, Map<String, Object> ssl, boolean verifyHostname) {
    SSLParameters parameters = context.getDefaultSSLParameters();
    List<String> protocols = (List<String>) ssl.get(SslConfigs.SSL_ENABLED_PROTOCOLS_CONFIG);
    if (protocols != null && !protocols.isEmpty()) {
      parameters.setProtocols(protocols.toArray(String[]::new));
    }
    List<String> ciphers = (List<String>) ssl.get(SslConfigs.SSL_CIPHER_SUITES_CONFIG);
    if (ciphers != null && !ciphers.isEmpty()) {
      parameters.setCipherSuites(ciphers.toArray(String[]::new));
    }
    parameters.setEndpointIdentificationAlgorithm(verifyHostname ? "HTTPS" : null);
    return parameters;
  }

  private static SSLContext withoutHostnameCheck(DefaultSslEngineFactory factory, Map<String, Object> ssl)
      throws GeneralSecurityException {
    String provider = (String) ssl.get(SslConfigs.SSL_PROVIDER_CONFIG);
    String protocol = (String) ssl.get(SslConfigs.SSL_PROTOCOL_CONFIG);
    SSLContext context = provider == null ? SSLContext.getInstance(protocol)
        : SSLContext.getInstance(protocol, provider);
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance((String) ssl.get(SslConfigs.SSL_TRUSTMANAGER_ALGORITHM_CONFIG));
    tmf.init(factory.truststore());
    TrustManager[] trustManagers = Arrays.stream(tmf.getTrustManagers())
        .map(tm -> tm instanceof X509TrustManager x ? new ChainOnlyTrustManager(x) : tm)
        .toArray(TrustManager[]::new);
    String random = (String) ssl.get(SslConfigs.SSL_SECURE_RANDOM_IMPLEMENTATION_CONFIG);
    context.init(keyManagers(factory.keystore(), ssl), trustManagers,
        random == null ? null : SecureRandom.getInstance(random));
    return context;
  }

  /** Key managers as Kafka builds them: the key password, else the store password (PEM keys have none). */
  private static KeyManager[] keyManagers(KeyStore keystore, Map<String, Object> ssl)
      throws GeneralSecurityException {
    if (keystore == null) {
      return null;
    }
    Password keyPassword = (Password) ssl.get(SslConfigs.SSL_KEY_PASSWORD_CONFIG);
    Password storePassword = (Password) ssl.get(SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG);
    boolean pem = DefaultSslEngineFactory.PEM_TYPE.equals(ssl.get(SslConfigs.SSL_KEYSTORE_TYPE_CONFIG))
        || ssl.get(SslConfigs.SSL_KEYSTORE_KEY_CONFIG) != null;
    Password password = keyPassword != null ? keyPassword : pem ? null : storePassword;
    KeyManagerFactory kmf =
        KeyManagerFactory.getInstance((String) ssl.get(SslConfigs.SSL_KEYMANAGER_ALGORITHM_CONFIG));
    kmf.init(keystore, password == null ? null : password.value().toCharArray());
    return kmf.getKeyManagers();
  }

  /**
   * Validates the server's chain but not its name. Extending {@link X509ExtendedTrustManager} matters: JSSE wraps a
   * plain {@link X509TrustManager} in one that adds the name check back.
   */
  private static final class ChainOnlyTrustManager extends X509ExtendedTrustManager {
    private final X509TrustManager delegate;

    ChainOnlyTrustManager(X509TrustManager delegate) {
      this.delegate = delegate;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      delegate.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      delegate.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      delegate.checkServerTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      delegate.checkClientTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
        throws CertificateException {
      delegate.checkClientTrusted(chain, authType);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      delegate.checkClientTrusted(chain, authType);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return delegate.getAcceptedIssuers();
    }
  }
}
