package dev.kavro.connect;

import java.util.Arrays;
import java.util.List;
import org.apache.avro.Schema;

/**
 * An Avro union as Connect's union struct sees it: the null branch, if any, and the other branches in order, one per
 * struct field. The node tree selects branches from it.
 *
 * @param nullIndex the index of the null branch, or -1
 * @param others the indexes of the non-null branches, in union order
 */
record UnionBranches(int nullIndex, int[] others) {
  static UnionBranches of(Schema union) {
    List<Schema> types = union.getTypes();
    int nullIndex = -1;
    int[] others = new int[types.size()];
    int count = 0;
    for (int i = 0; i < types.size(); i++) {
      if (types.get(i).getType() == Schema.Type.NULL) {
        nullIndex = i;
      } else {
        others[count++] = i;
      }
    }
    return new UnionBranches(nullIndex, Arrays.copyOf(others, count));
  }
}
