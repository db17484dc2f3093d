package dev.kavro.cache;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Registers Kavro's cache views with the platform MBean server. Public for the Connect converter's caches. */
public final class Jmx {
  private static final Logger LOG = LoggerFactory.getLogger(Jmx.class);

  private Jmx() {}

  /** Registers {@code mbean} under {@code dev.kavro:type=<type>}; JMX is an extra, so failures only log. */
  public static <T> T register(T mbean, String type) {
    try {
      ManagementFactory.getPlatformMBeanServer().registerMBean(mbean, new ObjectName("dev.kavro:type=" + type));
    } catch (Exception | LinkageError e) {
      LOG.debug("Kavro {} not registered with JMX: {}", type, e.toString());
    }
    return mbean;
  }
}
