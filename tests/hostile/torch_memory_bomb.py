# The same through torch's allocator, bounded at 1.5 GB in one tensor.
import torch
x = torch.ones(1536 * 1024 * 1024 // 4)
print("allocated 1.5 GB: the memory limit did not hold", x.sum().item())
